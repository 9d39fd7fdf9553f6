// expect: unsafe
// Issue #19: the two phases of accel_phases_safe.c with a bound the second phase overshoots: x ends
// at 80,000,004 after 20,000,001 iterations, and 80,000,004 % 8 == 4.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int x = 0;
    while (x < 80000002u) {
        if (x < 5000u) {
            x++;
        } else {
            x += 4;
        }
    }
    __VERIFIER_assert(x % 8 == 0);
    return 0;
}
