// expect: safe
// Issue #19: two phases, x++ up to 5000 and then x += 4; at the end x % 4 == 0. The loop's runs
// are the first phase repeated, then the second: with both accelerated, its end state is exact.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int x = 0;
    while (x < 80000000u) {
        if (x < 5000u) {
            x++;
        } else {
            x += 4;
        }
    }
    __VERIFIER_assert(x % 4 == 0);
    return 0;
}
