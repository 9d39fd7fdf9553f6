// expect: safe
// char and short operands are promoted to int before arithmetic; stores convert back (gcc wraps).
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned char a = __VERIFIER_nondet_uchar();
    unsigned char b = 200;
    int sum = a + b;
    __VERIFIER_assert(sum >= 200 && sum <= 455);
    unsigned char wrapped = a + b;
    __VERIFIER_assert(wrapped == (unsigned char)(sum - (sum > 255 ? 256 : 0)));
    char c = 127;
    c = c + 1;
    __VERIFIER_assert(c == -128);
    short s = 30000;
    int doubled = s * 2;
    __VERIFIER_assert(doubled == 60000);
    __VERIFIER_assert((unsigned char)-1 == 255);
    __VERIFIER_assert((signed char)200 == -56);
    return 0;
}
