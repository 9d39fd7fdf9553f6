// expect: unsafe
// Thesis Figure 5.7a (excerpt of NetBSD_loop.c): with len = INT_MAX, len + 1 wraps to INT_MIN and
// the second assertion fails. InvGen, reasoning over mathematical integers, calls this safe.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int len = __VERIFIER_nondet_int();
    int lenPath = __VERIFIER_nondet_int();
    int off;
    int i;
    if (lenPath > 0) {
        off = len;
        for (i = 0; i <= off; i++) {
            __VERIFIER_assert(0 <= i);
            __VERIFIER_assert(i < len + 1);
        }
    }
    return 0;
}
