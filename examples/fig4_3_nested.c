// expect: safe
// Thesis Figure 4.3 / 4.5 ("Nested Loops"): x never decreases, so x >= y after the outer loop.
// The inner loop only increments x while x < 2, so it cannot overflow.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int i = __VERIFIER_nondet_int();
    int y = x;
    while (i > 0) {
        i = i - 1;
        while (x < 2) {
            i = i + 1;
            x = x + 1;
        }
    }
    __VERIFIER_assert(x >= y);
    return 0;
}
