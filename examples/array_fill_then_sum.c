// expect: safe
// A loop fills an array with the odd numbers and a second loop sums them (issue #20): the sum's
// invariant s == i*i needs the cells the second loop reads, "for all j < 5000: a[j] == 2*j + 1",
// which the first loop's cell invariant gives at its exit and which holds through the second loop,
// as that loop does not write the array.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a[5000];
    for (unsigned int i = 0; i < 5000; i++) {
        a[i] = 2 * i + 1;
    }
    unsigned int s = 0;
    for (unsigned int i = 0; i < 5000; i++) {
        s = s + a[i];
    }
    __VERIFIER_assert(s == 5000u * 5000u);
    return 0;
}
