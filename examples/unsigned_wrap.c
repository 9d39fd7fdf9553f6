// expect: safe
// Unsigned arithmetic is modulo 2^32: UINT_MAX + 1 is 0 and 0 - 1 is UINT_MAX.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int u = __VERIFIER_nondet_uint();
    unsigned int v = u + 1u;
    if (u == 4294967295u) {
        __VERIFIER_assert(v == 0);
    } else {
        __VERIFIER_assert(v > u);
    }
    unsigned int zero = 0;
    __VERIFIER_assert(zero - 1 == 0xFFFFFFFFu);
    __VERIFIER_assert(-1 > zero);
    return 0;
}
