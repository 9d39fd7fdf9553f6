// expect: unsafe
// Issue #19: the depth of the failing run is an input: s reaches 21,000,007 after n = 3,000,001
// iterations. The accelerated path (s += 7, i++ while i < n) gives n at once; the run is replayed.
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
    __VERIFIER_assert(s != 21000007u);
    return 0;
}
