// expect: unsafe
// A table looked up with an input index that the function does not check (issue #20): an index
// of 8 or more reads outside the array, undefined behaviour, a violation for a .c file.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
int main(void) {
    unsigned int i = __VERIFIER_nondet_uint();
    __VERIFIER_assert(table[i] < 10);
    return 0;
}
