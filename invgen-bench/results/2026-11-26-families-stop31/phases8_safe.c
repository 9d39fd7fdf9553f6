extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int x = 0;
  while (x < 80000000u) {
    if (x < 1000u) x++; else x += 8;
  }
  __VERIFIER_assert(x % 8 == 0);
  return 0;
}
