// The depth of the failing run is an input: with n = 100000000, s = 700000000 after n iterations.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int i = 0;
    unsigned int s = 0;
    while (i < n) {
        s += 7;
        i++;
    }
    __VERIFIER_assert(s != 700000000u);
    return 0;
}
