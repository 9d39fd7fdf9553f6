extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= k && k <= 100000);
  int n = 0;
  for (int i = 0; i < 4 * k; i++) if (i % 4 == 1) n++;
  __VERIFIER_assert(n == k);
  return 0;
}
