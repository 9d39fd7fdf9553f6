// expect: unsafe
// Thesis Figure 4.8a: j is indeterminate each time the loop body is entered (C11 6.2.4), so l and
// k may differ. The thesis's LLVM front end hoisted j out of the loop and wrongly reported safe.
#include <assert.h>

int main(void) {
    int l;
    int k;
    for (int i = 0; i < 2; ++i) {
        int j;
        if (i == 0) l = j;
        if (i == 1) k = j;
    }
    assert(l == k);
    return 0;
}
