// expect: safe
// A loop that fills an array from the top down (issue #20): the cells above the counter are done,
// "for all j in (i, 2999]: a[j] == 5*j", and every cell is read back at an input index.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a[3000];
    int i = 2999;
    while (i >= 0) {
        a[i] = 5 * (unsigned int) i;
        i = i - 1;
    }
    unsigned int x = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x < 3000);
    __VERIFIER_assert(a[x] == 5 * x);
    return 0;
}
