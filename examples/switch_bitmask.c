// expect: safe
// switch with fall-through and bitwise operators on an input.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int v = __VERIFIER_nondet_uint();
    int r = 0;
    switch (v & 3u) {
    case 0:
        r = 10;
        break;
    case 1:
        r = 1;
    case 2:
        r = r + 2;
        break;
    default:
        r = 7;
    }
    __VERIFIER_assert(r == 10 || r == 3 || r == 2 || r == 7);
    __VERIFIER_assert(((v & 3u) != 1u) || r == 3);
    __VERIFIER_assert((v | ~v) == 0xFFFFFFFFu && (v ^ v) == 0u);
    return 0;
}
