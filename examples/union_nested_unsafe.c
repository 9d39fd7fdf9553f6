// expect: unsafe
// Unions inside structs and pointers to them (issue #20): the claim that clearing the low byte of
// a packet's header word through a pointer to the header leaves the word below 2^24 fails when the
// input's high byte is set; the answer's input replays and the harness fails under gcc.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

union Word {
    unsigned int value;
    unsigned char bytes[4];
};

struct Packet {
    unsigned char kind;
    union Word header;
};

static void clear_low(union Word *p) {
    p->bytes[0] = 0;
}

int main(void) {
    struct Packet ring[2] = {{0}};
    unsigned int n = __VERIFIER_nondet_uint() % 2;
    ring[n].header.value = __VERIFIER_nondet_uint();
    clear_low(&ring[n].header);
    __VERIFIER_assert(ring[n].header.value < 0x1000000u);
    return 0;
}
