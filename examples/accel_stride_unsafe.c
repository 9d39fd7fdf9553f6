// expect: unsafe
// Issue #19: x stays odd, and the loop runs about 2^27 times before the assertion fails. An
// accelerated loop path (x += 2, while x < C) reaches its end in one step; the interpreter replays
// all 134,217,720 iterations before the answer is given.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int x = 1;
    while (x < 0x0ffffff0u) {
        x += 2;
    }
    __VERIFIER_assert(x % 2 == 0);
    return 0;
}
