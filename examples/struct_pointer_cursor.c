// expect: safe
// A cursor over two channel records (issue #20): each of four rounds an input picks the channel, a local
// pointer to its struct, and the round's sample is counted into it and its maximum kept. PDPV
// reads a local pointer variable to structs as the id of the struct it points to: c->count is the
// choice between left.count and right.count, and a write through c writes the one chosen.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct Channel { unsigned count; unsigned max; };
int main(void) {
    struct Channel left = {0, 0}, right = {0, 0};
    for (unsigned round = 0; round < 4; round++) {
        unsigned sample = __VERIFIER_nondet_uint() % 8;
        struct Channel *c = __VERIFIER_nondet_uint() % 2 ? &left : &right;
        c->count++;
        if (sample > c->max) {
            (*c).max = sample;
        }
    }
    __VERIFIER_assert(left.count + right.count == 4);
    __VERIFIER_assert(left.max < 8 && right.max < 8);
    return 0;
}
