extern void __VERIFIER_assert(int cond);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int cnt[4] = {0, 0, 0, 0};
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i;
  if (n > 100000) return 0;
  for (i = 0; i < n; i++) {
    unsigned int x = __VERIFIER_nondet_uint();
    cnt[x % 4]++;
  }
  __VERIFIER_assert(cnt[0] + cnt[1] + cnt[2] + cnt[3] == n);
  return 0;
}
