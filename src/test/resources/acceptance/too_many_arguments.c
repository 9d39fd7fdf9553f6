int add(int a, int b);
int main(void) { return add(1, 2, 3); }
int add(int a, int b) { return a + b; }
