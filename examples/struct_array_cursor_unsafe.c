// expect: unsafe
// The cursor of struct_array_cursor_safe.c with the loop's bound off by one (issue #20): p steps
// to table + 6, one past the end, and the write p->key there is out of bounds, which PDPV reports
// (no array index out of bounds: table.key[...] of 6 cells).
extern void __VERIFIER_assert(int cond);
struct Record { int key; int val[2]; };
struct Record table[6];
int main(void) {
    struct Record *p = table;
    int i = 0;
    for (; p <= table + 6; p++, i++) {
        p->key = i;
        p->val[1] = 2 * i;
    }
    __VERIFIER_assert(table[5].key == 5);
    return 0;
}
