// expect: unsafe
// As array_fill_input_bound.c with a wrong claim about the filled cells (issue #20): the cell
// invariant "for all j < i: a[j] == 2*j - 7" holds, so the check a[x] == 2*x - 6 fails for every
// x below the bound n; the answer must come with inputs that replay.
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
    __VERIFIER_assume(x < n);
    __VERIFIER_assert(a[x] == 2 * (int) x - 6);
    return 0;
}
