// expect: unsafe
// A pointer chooses one of two locals and a helper clamps it through its out-parameter (issue
// #20): only the larger reading is clamped, so when both exceed the limit the smaller one still
// does (for instance x = 200, y = 150).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);
static void clamp(int *v, int lo, int hi) {
    if (*v < lo) {
        *v = lo;
    }
    if (*v > hi) {
        *v = hi;
    }
}
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x < 0 || y < 0) {
        return 0;
    }
    int *larger = x > y ? &x : &y;
    clamp(larger, 0, 100);
    __VERIFIER_assert(x <= 100 && y <= 100);
    return 0;
}
