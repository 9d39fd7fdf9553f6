extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
int main(void) {
    int x = 4;
    int y = ({ int t = x * 2; t + 1; });
    __extension__ int z = x ?: 7;
    if (__builtin_expect(y != 9, 0)) __assert_fail("y == 9", "valid_gnu_extensions.c", 6, __PRETTY_FUNCTION__);
    return z;
}
