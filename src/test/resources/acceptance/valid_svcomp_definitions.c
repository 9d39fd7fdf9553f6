extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "valid_svcomp_definitions.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if(!cond) {abort();} }
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
int main() {
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(x > 0);
  __VERIFIER_assert(x != 0);
  return 0;
}
