// expect: safe
// A counting loop over an unsigned char, with a second counter of another width: the proof
// needs the equality n == c between them, which no bound or ordering of one variable gives.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int n = 0;
    unsigned char c;
    for (c = 0; c < 120; c++) {
        n++;
    }
    __VERIFIER_assert(n == 120);
    return 0;
}
