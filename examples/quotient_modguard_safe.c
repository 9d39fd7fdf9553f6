// expect: safe
// Issue #19: a stride with a modulo guard. n counts the i with i % 4 == 1 below 4*k, so at the
// head n == (i + 2) / 4 (the mined quotient template, --quotient-moduli) and k >= n; at the exit
// i == 4*k and n == k.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= k && k <= 100000);
    int n = 0;
    for (int i = 0; i < 4 * k; i++) {
        if (i % 4 == 1) {
            n++;
        }
    }
    __VERIFIER_assert(n == k);
    return 0;
}
