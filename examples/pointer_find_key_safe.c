// expect: safe
// A search that returns a pointer to the cell holding the key, or NULL when no cell does
// (issue #20): the caller checks the pointer before it writes through it. PDPV inlines find, whose
// result is a pointer into the caller's buffer with a state (into the array, or null), and checks
// every dereference of a pointer that may be null.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

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
    if (q != NULL) {
        *q += 1;
        __VERIFIER_assert(*q == k + 1);
    }
    return 0;
}
