// expect: safe
// A matrix initialized in part, a cell updated at an input row, and the row passed to a helper
// through a pointer (issue #20): row 0 sums to 1 + 2 + 13, row 1 to 4 + 5 + 10.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

static int row_sum(const int *row) {
    return row[0] + row[1] + row[2];
}

int main(void) {
    int m[2][3] = {{1, 2, 3}, {4, 5}};
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 1) {
        return 0;
    }
    m[k][2] += 10;
    int s = row_sum(m[k]);
    __VERIFIER_assert(s == 16 || s == 19);
    return 0;
}
