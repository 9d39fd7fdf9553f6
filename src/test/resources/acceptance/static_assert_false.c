_Static_assert(sizeof(int) == 3, "int is not 3 bytes");
int main(void) { return 0; }
