// expect: unsafe
// An inlined helper: abs(INT_MIN) is INT_MIN again in 32-bit two's complement.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int my_abs(int v) {
    return v < 0 ? -v : v;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    __VERIFIER_assert(my_abs(a) >= 0);
    return 0;
}
