// expect: safe
// Three counters share the iterations of a loop: each round bumps one of them, chosen by input.
// Their sum equals the number of rounds, an equality over three variables (Daikon's
// LinearTernary, a + b + c - i == 0) that no bound or ordering implies.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000);
    int a = 0, b = 0, c = 0;
    for (int i = 0; i < n; i++) {
        int choice = __VERIFIER_nondet_int();
        if (choice == 0) {
            a++;
        } else if (choice == 1) {
            b++;
        } else {
            c++;
        }
    }
    __VERIFIER_assert(a + b + c == n);
    return 0;
}
