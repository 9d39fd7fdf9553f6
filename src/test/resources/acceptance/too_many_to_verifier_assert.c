extern void __VERIFIER_assert(int cond);
int main(void) {
    __VERIFIER_assert(1, 2);
    return 0;
}
