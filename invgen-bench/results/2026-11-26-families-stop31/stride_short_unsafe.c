extern void __VERIFIER_assert(int);
int main(void) {
  unsigned short x = 1;
  while (x < 60000) x += 2;
  __VERIFIER_assert(x % 2 == 0);
  return 0;
}
