// expect: safe
// Issue #20: the least and the greatest reading so far, kept in a two-cell array. The cells are
// read as arbitrary values by the loop's PDR instance; the proof needs range[0] <= range[1], an
// invariant over cells at constant indices that the miner finds with a term per cell (--cell-terms).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    int range[2] = {0, 0};
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++) {
        int x = __VERIFIER_nondet_int();
        if (x > range[1]) {
            range[1] = x;
        }
        if (x < range[0]) {
            range[0] = x;
        }
    }
    __VERIFIER_assert(range[0] <= range[1]);
    return 0;
}
