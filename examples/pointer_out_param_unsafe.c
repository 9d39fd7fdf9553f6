// expect: unsafe
// As pointer_out_param_safe.c, but the helper leaves the caller's pointer as it was when the input
// is negative (issue #20): the caller's pointer is still null in the first round, and the
// dereference through it fails (no null pointer dereference) for a negative first input.
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static void pick(int c, unsigned int *even, unsigned int *odd, unsigned int **out) {
    if (c > 0) {
        *out = even;
    } else if (c == 0) {
        *out = odd;
    }
}
int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int evens = 0, odds = 0;
    unsigned int *p = 0;
    for (unsigned int i = 0; i < n; i++) {
        pick(__VERIFIER_nondet_int(), &evens, &odds, &p);
        *p += 1;
    }
    __VERIFIER_assert(evens + odds == n);
    return 0;
}
