extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, s = 0;
  while (i < n) { s += 7; i++; }
  __VERIFIER_assert(s != 7000007u);
  return 0;
}
