// expect: unsafe
// The search of pointer_find_key_safe.c whose caller forgets the check (issue #20): a key that no
// cell holds yields NULL and the increment writes through it, a null pointer dereference that PDPV
// reports with the pointer and its line (under --array-bounds error, the default for a .c file).
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);

int *find(int *a, int n, int key) {
    for (int i = 0; i < n; i++) {
        if (a[i] == key) {
            return &a[i];
        }
    }
    return NULL;
}

int main(void) {
    int buf[8] = {4, 8, 15, 16, 23, 42, 7, 9};
    int k = __VERIFIER_nondet_int();
    int *q = find(buf, 8, k);
    *q += 1;
    return 0;
}
