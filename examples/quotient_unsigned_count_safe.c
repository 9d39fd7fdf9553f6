// expect: safe
// Issue #19: an unsigned loop whose counter c counts by the quotient: every even j adds 3, so
// c == 3 * ((j + 1) / 2) at the head (the mined quotient template) and j <= m; at the exit j == m.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int m = __VERIFIER_nondet_uint();
    __VERIFIER_assume(m <= 1000000u);
    unsigned int c = 0;
    for (unsigned int j = 0; j < m; j++) {
        if (j % 2u == 0u) {
            c += 3u;
        }
    }
    __VERIFIER_assert(c == 3u * ((m + 1u) / 2u));
    return 0;
}
