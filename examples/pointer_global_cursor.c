// expect: safe
// A global pointer that a helper moves between two counters (issue #20): the cursor starts at the
// first counter by a constant address, a static pointer remembers the counter last written (null
// until the first write), and each call bumps the counter the cursor points to. PDPV reads global
// and static pointers to global and static variables; one without initializer is null.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
static unsigned evens, odds;
static unsigned *cursor = &evens;
static void count(unsigned v) {
    static unsigned *last;
    cursor = v % 2 == 0 ? &evens : &odds;
    *cursor += 1;
    last = cursor;
    __VERIFIER_assert(last != 0 && *last >= 1);
}
int main(void) {
    for (unsigned i = 0; i < 2; i++) {
        count(__VERIFIER_nondet_uint());
    }
    __VERIFIER_assert(evens + odds == 2);
    return 0;
}
