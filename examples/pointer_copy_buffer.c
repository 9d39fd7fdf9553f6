// expect: safe
// The first loop over a buffer (issue #20): a helper copies n bytes with *dst++ = *src++, its
// parameters pointers into the caller's arrays that it moves. Every access stays inside the
// buffers for any length up to their size (the invariants relate the two offsets and the count).
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned char in[256];
unsigned char out[256];
static void copy(unsigned char *dst, const unsigned char *src, unsigned int n) {
    while (n-- > 0) {
        *dst++ = *src++;
    }
}
int main(void) {
    unsigned int len = __VERIFIER_nondet_uint();
    if (len > sizeof out) {
        len = sizeof out;
    }
    copy(out, in, len);
    return 0;
}
