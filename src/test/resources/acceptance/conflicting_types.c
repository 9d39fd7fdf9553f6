int f(int a);
long long f(int a) { return a; }
int main(void) { return (int) f(1); }
