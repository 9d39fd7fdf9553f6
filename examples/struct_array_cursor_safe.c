// expect: safe
// A cursor over a table of records (issue #20): a pointer steps over an array of structs, writing
// each record through p->key and its array member p->val[1]; then an input picks a record by
// &table[k] and reads it back. PDPV reads a pointer into an array of structs as (array, offset in
// elements), the offset a variable whose C name is (p - table); p->key is the cell table.key[p - table].
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int cond);
struct Record { int key; int val[2]; };
struct Record table[6];
int main(void) {
    struct Record *p = table;
    int i = 0;
    for (; p < table + 6; p++, i++) {
        p->key = i;
        p->val[1] = 2 * i;
    }
    unsigned k = __VERIFIER_nondet_uint() % 6;
    struct Record *q = &table[k];
    __VERIFIER_assert(q->key == (int)k && q[0].key == (*q).key && q - table == (int)k && p == table + 6);
    return 0;
}
