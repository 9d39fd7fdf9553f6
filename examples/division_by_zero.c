// expect: unsafe
// The average of no readings divides by zero, which C leaves undefined: by default (--div-by-zero
// error) that is the violation; under --div-by-zero smtlib, 0 / 0 is SMT-LIB's -1 and the assertion
// fails; under --div-by-zero undefined (SV-COMP's reading) no run divides by zero, and it is safe.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int count = __VERIFIER_nondet_int();
    int total = __VERIFIER_nondet_int();
    __VERIFIER_assume(count >= 0 && count <= 10 && total >= 0 && total <= 100 * count);
    int average = total / count;
    __VERIFIER_assert(average >= 0);
    return 0;
}
