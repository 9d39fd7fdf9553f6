#error this file is not for compilers
int main(void) { return 0; }
