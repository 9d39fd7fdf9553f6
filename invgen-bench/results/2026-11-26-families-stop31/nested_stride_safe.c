extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int total = 0;
  for (unsigned int j = 0; j < n && j < 1000u; j++) {
    unsigned int x = 0;
    while (x < 1000000u) x += 4;
    total += x;
  }
  __VERIFIER_assert(total % 4 == 0);
  return 0;
}
