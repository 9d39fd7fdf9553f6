extern void __VERIFIER_assert(int cond);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int h[3] = {0, 0, 0};
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100) x = 0;
    h[2] = h[1]; h[1] = h[0]; h[0] = x;
  }
  __VERIFIER_assert(h[0] + h[1] + h[2] <= 300);
  return 0;
}
