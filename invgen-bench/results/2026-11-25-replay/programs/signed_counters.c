// Signed arithmetic: under the default reading (wrap) the replay also watches every signed
// operation for an overflow to report.
extern void __VERIFIER_assert(int cond);

int main(void) {
    int i = 0;
    int s = 0;
    while (i < 50000000) {
        s += i & 7;
        i++;
    }
    __VERIFIER_assert(s != 175000000);
    return 0;
}
