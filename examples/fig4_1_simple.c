// expect: safe
// Thesis Figure 4.1 ("Simple"): one loop iteration; the body's check holds because x starts at 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int n = 1;
    int x = 0;
    while (n > 0) {
        __VERIFIER_assert(x < 2);
        x = x + 1;
        n = n - 1;
    }
    return 0;
}
