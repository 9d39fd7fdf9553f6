// expect: safe
// Issue #9: an unsigned char counts the iterations an unsigned int counts too. The proof needs
// c == n, an equality between values of two widths that C compares after promoting c; the
// correctness witness must say it as C (issue #12), not leave it out.
extern void assert(int);

int main(void) {
    unsigned int n = 0;
    unsigned char c;
    for (c = 0; c < 120; c++) n++;
    assert(n == 120);
    return 0;
}
