// expect: unsafe
// Issue #10: s = n(n-1)/2 after a nested loop whose depth the input n chooses; fails for n >= 25.
// PDR alone needs a trace of hundreds of frames; bounded model checking finds it at bound 32.
extern int nondet(void);
extern void assert(int);

int main(void) {
    int n = nondet();
    if (n < 0 || n > 30) return 0;
    int i = 0, j, s = 0;
    while (i < n) { j = 0; while (j < i) { s++; j++; } i++; }
    assert(s < 300);
    return 0;
}
