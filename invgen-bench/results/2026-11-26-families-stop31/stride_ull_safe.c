extern void __VERIFIER_assert(int);
int main(void) {
  unsigned long long x = 0;
  while (x < 10000000000ULL) x += 6;
  __VERIFIER_assert(x % 3 == 0);
  return 0;
}
