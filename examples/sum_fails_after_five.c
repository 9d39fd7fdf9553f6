// expect: unsafe
// A counting loop whose sum reaches 15 in its fifth iteration, where the assertion fails: the
// answer's trace names the values of every step, the failing sum included (issue 21).
extern void __VERIFIER_assert(int cond);

int main(void) {
    int s = 0;
    int i = 0;
    while (i < 10) {
        i = i + 1;
        s = s + i;
        __VERIFIER_assert(s != 15);
    }
    return 0;
}
