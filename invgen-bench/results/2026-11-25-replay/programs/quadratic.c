// s += i with i++ for 10^8 iterations: s = n(n-1)/2 modulo 2^32.
extern void __VERIFIER_assert(int cond);

int main(void) {
    unsigned int s = 0;
    unsigned int i = 0;
    while (i < 100000000u) {
        s += i;
        i++;
    }
    __VERIFIER_assert(s != 887459712u);
    return 0;
}
