// expect: unsafe
// A struct member of a union (issue #20), as in union_struct_safe.c: the claim that the length's
// low byte is raw byte 1 forgets that gcc aligns the 16-bit length to offset 2 (byte 1 is padding);
// it fails for an input length whose low byte is not 0, with inputs that replay under gcc.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct Header {
    unsigned char tag;
    unsigned short length;
    unsigned int checksum;
};

union Message {
    struct Header header;
    unsigned char raw[8];
};

int main(void) {
    unsigned int n = __VERIFIER_nondet_uint() % 1000;
    union Message m = {.raw = {1, 0, 0, 0, 0, 0, 0, 0}};
    m.header.length = (unsigned short) n;
    __VERIFIER_assert(m.raw[1] == (n & 0xff));
    return 0;
}
