// expect: unsafe
// A device-register-like struct of bit-fields (issue #20), as in bitfield_register_safe.c: the
// claim that the four-bit counter alone holds the number n of events forgets that it wraps at 16;
// it fails for n >= 16, with inputs that replay under gcc (--harness).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct Status {
    unsigned ready : 1;
    unsigned error : 1;
    unsigned mode : 2;
    unsigned count : 4;
    unsigned : 0;
    signed int level : 5;
};

int main(void) {
    struct Status reg = {.ready = 1, .mode = 2, .level = -16};
    unsigned int n = __VERIFIER_nondet_uint() % 1000;
    unsigned int wraps = 0;
    for (unsigned int i = 0; i < n; i++) {
        reg.count++;
        if (reg.count == 0) {
            wraps++;
        }
    }
    __VERIFIER_assert(reg.count == n);
    __VERIFIER_assert(reg.ready == 1 && reg.mode == 2 && reg.level < 0);
    return 0;
}
