// expect: unsafe
// The cursor of struct_pointer_cursor.c picked by a selector that may name no channel (issue #20):
// selector 2 leaves the pointer null, and the next round's write through it is a null pointer
// dereference, which PDPV reports with the inputs that reach it (no null pointer dereference: *c).
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct Channel { unsigned count; unsigned max; };
int main(void) {
    struct Channel left = {0, 0}, right = {0, 0};
    for (unsigned round = 0; round < 4; round++) {
        unsigned sample = __VERIFIER_nondet_uint() % 8;
        unsigned selector = __VERIFIER_nondet_uint() % 3;
        struct Channel *c = selector == 0 ? &left : selector == 1 ? &right : 0;
        c->count++;
        if (sample > c->max) {
            c->max = sample;
        }
    }
    __VERIFIER_assert(left.count + right.count == 4);
    return 0;
}
