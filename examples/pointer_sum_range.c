// expect: safe
// A sum over a half-open range of pointers (issue #20), for (; p != end; p++) s += *p & 1, which
// counts the odd values among the first n cells of a table of inputs (filled through a pointer):
// at most n, and every *p reads a cell of the table.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
unsigned int table[1000];
static unsigned int count_odd(const unsigned int *p, const unsigned int *end) {
    unsigned int s = 0;
    for (; p != end; p++) {
        s += *p & 1;
    }
    return s;
}
int main(void) {
    for (unsigned int *q = table; q != table + 1000; q++) {
        *q = __VERIFIER_nondet_uint();
    }
    unsigned int n = __VERIFIER_nondet_uint();
    if (n > 1000) {
        return 0;
    }
    __VERIFIER_assert(count_odd(table, table + n) <= n);
    return 0;
}
