// expect: safe
// Up to a few thousand cells written up to an input bound (issue #20), then one cell at an input
// index below the bound read back: the first n cells are 2*j - 7 and the rest keep their
// initializer 0 (the cell invariants "for all j < i: a[j] == 2*j - 7" and "the cells the loop did
// not write are unchanged").
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int a[4096];

int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n <= 4096);
    for (unsigned int i = 0; i < n; i++) {
        a[i] = 2 * (int) i - 7;
    }
    unsigned int x = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x < 4096);
    if (x < n) {
        __VERIFIER_assert(a[x] == 2 * (int) x - 7);
    } else {
        __VERIFIER_assert(a[x] == 0);
    }
    return 0;
}
