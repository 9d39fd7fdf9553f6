// expect: safe
// Loops with constant bounds: bounded model checking unrolls them completely (bound 16, the
// unwinding assertions hold) and proves the assertion without an invariant.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int s = 0;
    for (int i = 0; i < 10; i++) {
        for (int j = 0; j < i; j++) {
            s += 1;
        }
    }
    __VERIFIER_assert(s == 45);
    return 0;
}
