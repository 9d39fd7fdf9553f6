// expect: safe
// A loop fills an array (issue #20) and a second loop reads every cell back: the proof needs the
// cell invariant "for all j < i: a[j] == 3*j + 1" of the first loop, which PDR's bit-vector state
// cannot hold; it is mined from the tests and checked by Z3 with a Skolem index.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int a[5000];
    unsigned int i = 0;
    unsigned int v = 1;
    while (i < 5000) {
        a[i] = v;
        v = v + 3;
        i = i + 1;
    }
    for (i = 0; i < 5000; i++) {
        __VERIFIER_assert(a[i] == 3 * i + 1);
    }
    return 0;
}
