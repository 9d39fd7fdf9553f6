int f(int a) {
    int a = 2;
    return a;
}
int main(void) { return f(1); }
