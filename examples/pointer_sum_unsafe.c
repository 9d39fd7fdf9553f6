// expect: unsafe
// A sum over a range of pointers (issue #20) whose assertion fails: four input values whose sum
// is 10. The answer lists the inputs, and they replay to the failing assertion.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);
static int sum(const int *p, const int *end) {
    int s = 0;
    for (; p != end; p++) {
        s += *p;
    }
    return s;
}
int main(void) {
    int t[4];
    for (int *q = t; q < t + 4; q++) {
        *q = __VERIFIER_nondet_int() & 7;
    }
    __VERIFIER_assert(sum(t, t + 4) != 10);
    return 0;
}
