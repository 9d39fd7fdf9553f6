// expect: safe
// Thesis Figure 5.7b (our reconstruction of disj_simple.c): needs the disjunctive invariant
// (x = n) or (n < 0). x < n keeps x + 1 from overflowing.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int x = 0;
    int n;
    while (x < n) {
        x++;
    }
    if (n > 0) {
        __VERIFIER_assert(x <= n);
    }
    return 0;
}
