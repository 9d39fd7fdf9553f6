// expect: safe
// A struct member of a union (issue #20): a message is either a header struct (a tag byte, a 16-bit
// length at offset 2 as gcc aligns it, a 32-bit checksum at offset 4) or its 8 raw bytes. Filling
// the header through its members and reading the raw bytes back, the length's low byte is byte 2
// and the checksum's top byte is byte 7; a header copied out through a helper keeps its values.
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

static struct Header stamp(struct Header h, unsigned int sum) {
    h.checksum = sum;
    return h;
}

int main(void) {
    unsigned int n = __VERIFIER_nondet_uint() % 1000;
    union Message m = {{1, 0, 0}};
    m.header.length = (unsigned short) n;
    m.header = stamp(m.header, 0xA5000000u | n);
    struct Header copy = m.header;
    __VERIFIER_assert(m.raw[0] == 1 && m.raw[2] == (n & 0xff) && m.raw[3] == n >> 8);
    __VERIFIER_assert(m.raw[7] == 0xA5 && copy.length == n && copy.checksum == (0xA5000000u | n));
    return 0;
}
