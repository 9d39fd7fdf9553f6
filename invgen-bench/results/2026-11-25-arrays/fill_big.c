extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
int a[4000];
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    if (n > 4000) n = 4000;
    for (unsigned i = 0; i < n; i++) {
        a[i] = 1;
    }
    unsigned k = __VERIFIER_nondet_uint();
    if (k < n) __VERIFIER_assert(a[k] == 1);
    return 0;
}
