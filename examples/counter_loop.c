// expect: safe
// A counting loop: i == 10 on exit needs the invariant i <= 10.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int i = 0;
    while (i < 10) {
        i++;
    }
    __VERIFIER_assert(i == 10);
    return 0;
}
