// expect: unsafe
// Fill-then-sum with an off-by-one (issue #20): the reading loop starts at 1, so the sum misses
// a[0] == 1 and is 1000*1000 - 1.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a[1000];
    for (unsigned int i = 0; i < 1000; i++) {
        a[i] = 2 * i + 1;
    }
    unsigned int s = 0;
    for (unsigned int i = 1; i < 1000; i++) {
        s = s + a[i];
    }
    __VERIFIER_assert(s == 1000u * 1000u);
    return 0;
}
