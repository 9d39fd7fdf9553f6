// expect: unsafe
// The copy of pointer_copy_buffer.c with an off-by-one in the caller's check (issue #20): a length
// of 17 passes it and the helper's *dst++ writes one byte past the end of out, undefined
// behaviour that PDPV reports as an access outside the array.
extern unsigned int __VERIFIER_nondet_uint(void);
unsigned char in[32];
unsigned char out[16];
static void copy(unsigned char *dst, const unsigned char *src, unsigned int n) {
    while (n-- > 0) {
        *dst++ = *src++;
    }
}
int main(void) {
    unsigned int len = __VERIFIER_nondet_uint();
    if (len > sizeof out + 1) {
        return 0;
    }
    copy(out, in, len);
    return 0;
}
