// expect: safe
// x and y fall together, x by 5 for each 1 of y, as long as the input says so: the proof needs
// x - 5*y == 2 (Daikon's LinearBinary template), which holds on entry and after each step.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(y >= 0 && y <= 1000);
    int x = 5 * y + 2;
    while (y > 0 && __VERIFIER_nondet_int()) {
        x -= 5;
        y -= 1;
    }
    __VERIFIER_assert(x - 5 * y == 2);
    return 0;
}
