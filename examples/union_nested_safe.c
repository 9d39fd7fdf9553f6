// expect: safe
// Unions inside structs, arrays of unions and unions across calls (issue #20): a ring of packets
// whose headers are unions, a header swapped byte by byte by a helper that takes and returns a
// union by value, and a helper that clears a header's low byte through a pointer to it. Swapping
// twice gives the word back, and the cleared word keeps its three high bytes. Straight-line code:
// with --witness, a loop that writes an array here is left unknown by the CEGAR loop (composed
// inputs do not replay), a gap that predates unions.
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

static union Word swapped(union Word w) {
    union Word r = {0};
    r.bytes[0] = w.bytes[3];
    r.bytes[1] = w.bytes[2];
    r.bytes[2] = w.bytes[1];
    r.bytes[3] = w.bytes[0];
    return r;
}

static void clear_low(union Word *p) {
    p->bytes[0] = 0;
}

int main(void) {
    struct Packet ring[3] = {{0}};
    unsigned int k = __VERIFIER_nondet_uint() % 3;
    ring[k].kind = (unsigned char) k;
    ring[k].header.value = __VERIFIER_nondet_uint();
    ring[1].kind = 1;
    ring[1].header.value = __VERIFIER_nondet_uint();
    unsigned int original = ring[1].header.value;
    union Word w = swapped(ring[1].header);
    __VERIFIER_assert(w.bytes[0] == original >> 24);
    __VERIFIER_assert(swapped(w).value == original);
    clear_low(&ring[1].header);
    __VERIFIER_assert(ring[1].header.value == (original & 0xffffff00u));
    __VERIFIER_assert(ring[1].kind == 1);
    return 0;
}
