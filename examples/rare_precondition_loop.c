// expect: safe
// loop-zilu benchmark18's shape: the loop runs only behind a precondition that one random test
// in a few hundred meets (i == 0, k == 0, n > 0). The tests directed at the loop
// (verify --entry-tests) enter it, and the i == k and i <= n mined from them prove it without PDR.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
    int i = __VERIFIER_nondet_int();
    int k = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    if (!(i == 0 && k == 0 && n > 0)) return 0;
    while (i < n) {
        i++;
        k++;
    }
    __VERIFIER_assert(i == k && k == n);
    return 0;
}
