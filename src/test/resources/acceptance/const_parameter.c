int twice(const int x) {
    x = x * 2;
    return x;
}
int main(void) { return twice(2); }
