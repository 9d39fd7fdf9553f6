int zero(void) { return 0; }
int main(void) { return zero(1); }
