// expect: unsafe
// x == 3 * y does not make x / y equal 3 when 3 * y wraps (e.g. y = 0x55555556, x = 2).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (y > 0 && x == y * 3) {
        __VERIFIER_assert(x / y == 3);
    }
    return 0;
}
