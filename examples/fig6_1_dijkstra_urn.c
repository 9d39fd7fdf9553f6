// expect: safe
// Thesis Figure 6.1, Dijkstra's urn: w white and b black balls; each move takes two balls out.
// Two white: paint one black, return it. Two black: return one. One of each: return the white.
// The parity of w never changes, so one white ball remains iff w was odd initially.
// Ball counts are bounded so that w + b cannot overflow.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

void urn(int w, int b) {
    int z = w;
    while (w + b >= 2) {
        if (__VERIFIER_nondet_int() && w >= 2) {
            w = w - 2;
            b = b + 1;
        } else if (__VERIFIER_nondet_int() && b >= 2) {
            b = b - 1;
        } else if (w >= 1 && b >= 1) {
            b = b - 1;
        }
    }
    if (z % 2 == 1) {
        __VERIFIER_assert(w == 1 && b == 0);
    } else {
        __VERIFIER_assert(w == 0 && b == 1);
    }
}

int main(void) {
    int w = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    __VERIFIER_assume(w >= 0 && b >= 0 && w <= 1000000 && b <= 1000000 && w + b >= 1);
    urn(w, b);
    return 0;
}
