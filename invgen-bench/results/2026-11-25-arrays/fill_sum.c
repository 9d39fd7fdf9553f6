extern void __VERIFIER_assert(int cond);
int main(void) {
    int a[8];
    for (int i = 0; i < 8; i++) {
        a[i] = i;
    }
    int s = 0;
    for (int i = 0; i < 8; i++) {
        s += a[i];
    }
    __VERIFIER_assert(s == 28);
    return 0;
}
