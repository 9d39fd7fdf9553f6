// expect: safe
// Issue #19: s += i with i++ has a closed form of degree 2, s = n(n-1)/2 modulo 2^32 after n
// iterations; for n = 100000 that is 4999950000 - 2^32.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int s = 0;
    unsigned int i = 0;
    while (i < 100000u) {
        s += i;
        i++;
    }
    __VERIFIER_assert(s == 704982704u);
    return 0;
}
