// expect: safe
// Fill-then-sum with a constant (issue #20): the reading loop's s == 3*i holds because every cell
// it reads holds 3, which the filling loop's cell invariant says of the whole array.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int a[4000];
    for (int i = 0; i < 4000; i++) {
        a[i] = 3;
    }
    int s = 0;
    for (int i = 0; i < 4000; i++) {
        s = s + a[i];
    }
    __VERIFIER_assert(s == 12000);
    return 0;
}
