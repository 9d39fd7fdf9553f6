// expect: unsafe
// Unions (issue #20): the claim that clearing the low byte of a word through a byte array leaves
// the word below 2^24 fails when the input's high byte is set; the answer's input replays and the
// harness fails under gcc.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

union Word {
    unsigned int value;
    unsigned char bytes[4];
};

int main(void) {
    union Word w;
    w.value = __VERIFIER_nondet_uint();
    w.bytes[0] = 0;
    __VERIFIER_assert(w.value < 0x1000000u);
    return 0;
}
