// expect: safe
// Shifts: unsigned right shift is logical, signed right shift of a negative value is arithmetic
// (gcc's implementation-defined choice), left shifts drop the high bits.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    __VERIFIER_assert((x << 1) >> 1 == (x & 0x7fffffffu));
    __VERIFIER_assert((x >> 31) <= 1u);
    int y = -8;
    __VERIFIER_assert((y >> 1) == -4);
    __VERIFIER_assert((1u << 31) == 2147483648u);
    unsigned int n = x & 7u;
    __VERIFIER_assert((1u << n) >= 1u && (1u << n) <= 128u);
    return 0;
}
