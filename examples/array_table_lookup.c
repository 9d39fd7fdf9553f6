// expect: unsafe
// A table looked up with an input index (issue #20): the entry at index 5 is 9, so the check fails.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

int main(void) {
    unsigned int i = __VERIFIER_nondet_uint();
    if (i >= 8) {
        return 0;
    }
    __VERIFIER_assert(table[i] < 9);
    return 0;
}
