// expect: safe
// A lookup that yields NULL when nothing is found (issue #20): the caller checks the pointer before
// it writes through it, so the null case never dereferences. PDPV reads null as a pointer's
// possible value and checks every dereference of a pointer that may be null.
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static int slot0, slot1, slot2;
#define LOOKUP(key) ((key) == 0 ? &slot0 : (key) == 1 ? &slot1 : (key) == 2 ? &slot2 : NULL)
static int hit(unsigned key) {
    int *p = LOOKUP(key);
    if (p != NULL) {
        *p += 1;
        return 1;
    }
    return 0;
}
int main(void) {
    int hits = hit(__VERIFIER_nondet_uint());
    hits += hit(__VERIFIER_nondet_uint());
    __VERIFIER_assert(slot0 + slot1 + slot2 == hits);
    return 0;
}
