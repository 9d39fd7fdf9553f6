// expect: unsafe
// The lookup of pointer_null_check_safe.c whose caller forgets the check (issue #20): a key that
// names no slot yields NULL and the increment writes through it, a null pointer dereference that
// PDPV reports with the pointer and its line (under --array-bounds error, the default for a .c file).
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);
static int slot0, slot1, slot2;
#define LOOKUP(key) ((key) == 0 ? &slot0 : (key) == 1 ? &slot1 : (key) == 2 ? &slot2 : NULL)
int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    for (unsigned i = 0; i < n && i < 100; i++) {
        unsigned key = __VERIFIER_nondet_uint();
        int *p = LOOKUP(key);
        if (key < 3 || p != NULL) {
            *p += 1;
        }
        if (key == 7) {
            p = LOOKUP(key - 7);
        }
        *p -= 1;
    }
    return 0;
}
