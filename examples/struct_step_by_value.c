// expect: safe
// A struct stepped by value through a helper (issue #20): the helper gets a copy, moves it and
// returns it, and the caller keeps the result; y stays twice x and the step count follows the loop.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct point {
    int x;
    int y;
};
struct walker {
    struct point pos;
    unsigned int steps;
};
static struct walker step(struct walker w) {
    w.pos.x += 1;
    w.pos.y += 2;
    w.steps++;
    return w;
}
int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    struct walker w = {{0, 0}, 0};
    for (unsigned int i = 0; i < n; i++) {
        w = step(w);
    }
    __VERIFIER_assert(w.pos.y == 2 * w.pos.x && w.steps == n);
    return 0;
}
