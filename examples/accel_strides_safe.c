// expect: safe
// Issue #19, other strides, bounds and widths: a 16-bit counter by 3 up to a bound it hits,
// a 64-bit one by 10 far beyond 2^32, and a signed one counting down by 7 past zero; each loop
// is one accelerated path whose condition is exact, so its end state is known without iterating.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned short y = 3;
    while (y < 60000) {
        y += 3;
    }
    unsigned long long z = 5;
    while (z < 0xfffffffff0ull) {
        z += 10;
    }
    int i = 1000000000;
    while (i > 0) {
        i -= 7;
    }
    __VERIFIER_assert(y == 60000 && z % 10 == 5 && i == -1);
    return 0;
}
