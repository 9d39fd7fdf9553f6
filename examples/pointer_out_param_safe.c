// expect: safe
// A helper that chooses which of the caller's counters the caller updates next (issue #20): it
// writes the choice into the caller's pointer through a pointer to it (an out-parameter of type
// int **), and the caller adds one through the chosen pointer. Whatever the inputs choose, the
// two counters add up to the number of rounds, n.
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static void pick(int c, unsigned int *even, unsigned int *odd, unsigned int **out) {
    if (c) {
        *out = even;
    } else {
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
