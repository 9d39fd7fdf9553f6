// expect: safe
// Issue #19: an unsigned int sums up to 65535 unsigned chars. The proof needs s <= 255 * i (the
// sum is bounded by the largest added value times the count), i <= n and v <= s; v <= s is
// inductive only given the bound, which keeps s + v from wrapping around, so Houdini must check
// them together under the values on entry (s = 0, i = 0), and the bound is no test's but the
// body's: v is an unsigned char (pdpv.daikon.BoundedIncrements).
extern void assert(int);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void) {
    unsigned short n = __VERIFIER_nondet_ushort();
    unsigned char v = 0;
    unsigned int s = 0;
    unsigned int i = 0;
    while (i < n) {
        v = __VERIFIER_nondet_uchar();
        s += v;
        ++i;
    }
    assert(s >= v);
    assert(s <= 255u * 65535u);
    return 0;
}
