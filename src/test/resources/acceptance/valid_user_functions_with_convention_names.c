int g;
int nondet_step(void) { g++; return g; }
int unknown_value(int a) { return a * 3; }
void assume(int c) { g += c; }
void __VERIFIER_assert(int c) { if (!c) g = -1; }
int main(void) {
    int x = nondet_step() + unknown_value(2);
    assume(x > 0);
    __VERIFIER_assert(x == 7);
    return g;
}
