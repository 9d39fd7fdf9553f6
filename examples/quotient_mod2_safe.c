// expect: safe
// Issue #19: another modulus and residue. n counts the even i below 2*k, so at the head
// n == (i + 1) / 2 (the mined quotient template) and k >= n; at the exit i == 2*k and n == k.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= k && k <= 1000000);
    int n = 0;
    for (int i = 0; i < 2 * k; i++) {
        if (i % 2 == 0) {
            n++;
        }
    }
    __VERIFIER_assert(n == k);
    return 0;
}
