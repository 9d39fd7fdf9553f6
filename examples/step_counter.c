// expect: safe
// i grows by a positive step each round until it reaches a bound, and k counts the rounds: k <= i.
// A person writes the loop's invariant as 0 <= k && k <= i; PDPV prints it as plainly (issue 21).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int i = 0;
    int k = 0;
    while (i < 1000000) {
        int step = __VERIFIER_nondet_int();
        __VERIFIER_assume(step > 0 && step <= 10);
        i = i + step;
        k = k + 1;
    }
    __VERIFIER_assert(k <= i);
    return 0;
}
