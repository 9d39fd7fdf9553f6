// expect: safe
// A helper gets a value and a pointer that may point to the same variable (issue #20): on the
// second call q points to y, the helper overwrites y through it, and still returns the value y
// had when it was called (a parameter is a copy made at the call).
extern void __VERIFIER_assert(int cond);
static int keep(int a, int *p) {
    *p = 7;
    return a;
}
int main(void) {
    int y = 1;
    int z = 0;
    int r = 0;
    int *q = &z;
    for (int i = 0; i < 2; i++) {
        r = keep(y, q);
        q = &y;
    }
    __VERIFIER_assert(r == 1 && y == 7);
    return 0;
}
