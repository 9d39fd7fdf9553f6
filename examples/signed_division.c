// expect: safe
// Signed division truncates toward zero and the remainder takes the dividend's sign (C11 6.5.5).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int a = -7;
    int b = 2;
    __VERIFIER_assert(a / b == -3);
    __VERIFIER_assert(a % b == -1);
    __VERIFIER_assert(7 % -2 == 1);
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (y != 0 && !(x == -2147483647 - 1 && y == -1)) {
        __VERIFIER_assert((x / y) * y + x % y == x);
    }
    return 0;
}
