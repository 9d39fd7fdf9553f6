extern void __VERIFIER_assert(int cond);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int st[3] = {1, 0, 0};
  while (__VERIFIER_nondet_int()) {
    if (st[0]) { st[0] = 0; st[1] = 1; }
    else if (st[1]) { st[1] = 0; st[2] = 1; }
    else { st[2] = 0; st[0] = 1; }
  }
  __VERIFIER_assert(st[0] + st[1] + st[2] == 1);
  return 0;
}
