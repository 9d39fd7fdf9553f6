extern void __VERIFIER_assert(int cond);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int m[2] = {0, 0};
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int x = __VERIFIER_nondet_int();
    if (x > m[1]) m[1] = x;
    if (x < m[0]) m[0] = x;
  }
  __VERIFIER_assert(m[0] <= m[1]);
  return 0;
}
