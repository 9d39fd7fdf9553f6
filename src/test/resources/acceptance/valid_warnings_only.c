int f(void) { }
void g(void) { return; }
int main(void) {
    unsigned u = -1;
    int x = 1 / 1;
    char c = 300;
    if (u = 0) x = 2;
    return f() + x + c;
}
