int main() {
    int n = unknown();
    int m = (unknown() + nondet_int() * 2, unknown());
    assume(n > 0);
    tmpl("(le(x,y))");
    __VERIFIER_assert(n > 0 || m);
    return 0;
}
