// expect: unsafe
// Signed overflow wraps in two's complement (design page): x = INT_MAX makes x + 1 negative.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 0) {
        int y = x + 1;
        __VERIFIER_assert(y > 0);
    }
    return 0;
}
