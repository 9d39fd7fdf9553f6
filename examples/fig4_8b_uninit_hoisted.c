// expect: safe
// Thesis Figure 4.8b: j is declared once before the loop, so it keeps one (indeterminate) value
// and l == k after the loop.
#include <assert.h>

int main(void) {
    int l;
    int k;
    int j;
    for (int i = 0; i < 2; ++i) {
        if (i == 0) l = j;
        if (i == 1) k = j;
    }
    assert(l == k);
    return 0;
}
