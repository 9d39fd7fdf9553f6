// expect: safe
// Global and static structs (issue #20): a global struct with an initializer, one without (all
// zero, as C says), a static struct inside a helper that keeps its count between calls (its clock.calls ends as n), and a
// pointer to the global struct passed to a helper; the counts follow the loop.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct stats {
    unsigned int events;
    unsigned int odd;
};
struct stats total = {0, 0};
struct stats spare;
static unsigned int tick(void) {
    static struct { unsigned int calls; } clock;
    clock.calls++;
    return clock.calls;
}
static void record(struct stats *s, unsigned int v) {
    s->events++;
    s->odd += v & 1;
}
int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    for (unsigned int i = 0; i < n; i++) {
        record(&total, tick());
    }
    __VERIFIER_assert(total.events == n && total.odd <= total.events && spare.events == 0);
    return 0;
}
