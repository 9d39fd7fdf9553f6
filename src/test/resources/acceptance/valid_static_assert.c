_Static_assert(sizeof(char) == 1, "char is one byte");
int main(void) {
    _Static_assert(1 + 1 == 2, "arithmetic");
    return 0;
}
