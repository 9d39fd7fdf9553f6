// expect: unsafe
// SV-COMP "unreach-label" style: reaching the label ERROR is the property violation.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = x * 2 + 1;
    if (y == 85) {
    ERROR:
        return 1;
    }
    return 0;
}
