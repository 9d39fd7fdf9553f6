#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
int main(void) {
    int32_t x = INT_MAX;
    bool b = true;
    assert(x > 0 && b);
    return 0;
}
