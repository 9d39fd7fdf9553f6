// expect: safe
// A helper that updates the caller's locals through pointers (out-parameters, issue #20): each
// call adds one to the count and k to the sum, so the sum stays twice the count in a loop of any
// length (the loop invariant relates the two locals the helper writes).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static void record(unsigned int *count, unsigned int *sum, unsigned int k) {
    *count += 1;
    *sum += k;
}
int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int count = 0;
    unsigned int sum = 0;
    for (unsigned int i = 0; i < n; i++) {
        record(&count, &sum, 2);
    }
    __VERIFIER_assert(sum == 2 * count);
    return 0;
}
