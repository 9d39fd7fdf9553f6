// expect: unsafe
// Fill-then-sum with an off-by-one (issue #20): the reading loop starts at 1, so the sum misses
// a[0] == 1 and is 5000*5000 - 1.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a[5000];
    for (unsigned int i = 0; i < 5000; i++) {
        a[i] = 2 * i + 1;
    }
    unsigned int s = 0;
    for (unsigned int i = 1; i < 5000; i++) {
        s = s + a[i];
    }
    __VERIFIER_assert(s == 5000u * 5000u);
    return 0;
}
