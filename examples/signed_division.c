// expect: safe
// Signed division truncates toward zero and the remainder takes the dividend's sign (C11 6.5.5);
// INT_MIN / -1 wraps to INT_MIN, the SMT-LIB reading PDPV documents.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int a = -7;
    int b = 2;
    __VERIFIER_assert(a / b == -3);
    __VERIFIER_assert(a % b == -1);
    __VERIFIER_assert(7 % -2 == 1);
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assert((x / 4) * 4 + x % 4 == x);
    __VERIFIER_assert((x % 4 < 0) == (x < 0 && (x & 3) != 0));
    __VERIFIER_assert(x / -1 == -x);
    if (x > -1000 && x < 1000) {
        __VERIFIER_assert(x / 7 == (x < 0 ? -((-x) / 7) : x / 7));
    }
    return 0;
}
