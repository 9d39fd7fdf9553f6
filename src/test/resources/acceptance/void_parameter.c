extern void __VERIFIER_assert(void cond);
int main(void) {
    __VERIFIER_assert(1);
    return 0;
}
