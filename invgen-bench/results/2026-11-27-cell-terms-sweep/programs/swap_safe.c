extern void __VERIFIER_assert(int cond);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[2];
  a[0] = __VERIFIER_nondet_int(); a[1] = __VERIFIER_nondet_int();
  if (a[0] < 0 || a[0] > 1000 || a[1] < 0 || a[1] > 1000) return 0;
  int s = a[0] + a[1];
  while (__VERIFIER_nondet_int()) { int t = a[0]; a[0] = a[1]; a[1] = t; }
  __VERIFIER_assert(a[0] + a[1] == s);
  return 0;
}
