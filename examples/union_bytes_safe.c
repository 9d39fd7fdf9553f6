// expect: safe
// Unions (issue #20), byte-precise as gcc lays them out (little-endian): a word written through one
// member is read back through the others (type punning, well defined in C11 §6.5.2.3), a byte
// written with an input index changes exactly that byte of the word, and a global union
// initialized through its first member is seen through the second.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

union Word {
    unsigned int value;
    unsigned char bytes[4];
    unsigned short halves[2];
};

union Word magic = {0xCAFEBABE};

int main(void) {
    union Word w;
    w.value = 0x01020304;
    __VERIFIER_assert(w.bytes[0] == 4 && w.bytes[3] == 1);
    __VERIFIER_assert(w.halves[1] == 0x0102);
    unsigned int k = __VERIFIER_nondet_uint() % 4;
    w.bytes[k] = 0xFF;
    __VERIFIER_assert(w.value != 0x01020304);
    __VERIFIER_assert((w.value >> (8 * k) & 0xFF) == 0xFF);
    __VERIFIER_assert(magic.halves[0] == 0xBABE && magic.bytes[3] == 0xCA);
    return 0;
}
