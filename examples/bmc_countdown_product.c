// expect: unsafe
// Of the kind of issue #10: a do-while counts the input down while a product of two inputs grows;
// the assertion fails only for m * k == 391 with k <= 40 (e.g. k = 17, m = 23 or k = 23, m = 17).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int k = __VERIFIER_nondet_uint();
    unsigned int m = __VERIFIER_nondet_uint();
    if (k == 0 || k > 40 || m > 100) return 0;
    unsigned int p = 0;
    do {
        p += m;
        k--;
    } while (k > 0);
    __VERIFIER_assert(p != 391);
    return 0;
}
