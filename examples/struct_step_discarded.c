// expect: unsafe
// A struct passed by value to a helper that updates its copy (issue #20): the caller drops the
// returned struct, so its own step count stays 0 and the assertion fails once the loop runs.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct counter {
    unsigned int steps;
    unsigned int total;
};
static struct counter add(struct counter c, unsigned int k) {
    c.steps++;
    c.total += k;
    return c;
}
int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    struct counter c = {.total = 0};
    for (unsigned int i = 0; i < n; i++) {
        add(c, i);
    }
    __VERIFIER_assert(c.steps == n);
    return 0;
}
