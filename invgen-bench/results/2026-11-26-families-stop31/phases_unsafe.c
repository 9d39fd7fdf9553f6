extern void __VERIFIER_assert(int);
int main(void) {
  unsigned int x = 0;
  while (x < 80000000u) {
    if (x < 5001u) x++; else x += 4;
  }
  __VERIFIER_assert(x % 4 == 0);
  return 0;
}
