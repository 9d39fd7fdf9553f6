// A loop with a branch and several statements an iteration.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a = 0;
    unsigned int b = 0;
    unsigned int c = 0;
    unsigned int i;
    for (i = 0; i < 30000000u; i++) {
        if (i % 3u == 0u) {
            a += 2;
        } else {
            b ^= i;
        }
        c = a + b;
    }
    __VERIFIER_assert(c != 1u);
    return 0;
}
