// expect: unsafe
// Issue #10: an accumulated value checked after a number of iterations an input chooses; fails for a == 75.
extern unsigned char nondet_uchar(void);
extern void assert(int);

int main(void) {
    unsigned char a = nondet_uchar();
    int i, s = 0;
    for (i = 0; i < a; i++) s += 2;
    assert(s != 150);
    return 0;
}
