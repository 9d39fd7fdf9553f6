// expect: safe
// Thesis Figure 4.2 ("Series"): two loops in series; the second loop's assertion needs what the
// first loop leaves behind (x = 1, n = 0).
#include <assert.h>

int main(void) {
    int n = 1;
    int x = 0;
    while (n > 0) {
        x = x + 1;
        n = n - 1;
    }
    while (x > 0) {
        x = x - 1;
        n = n + 1;
        assert(n < 2);
    }
    return 0;
}
