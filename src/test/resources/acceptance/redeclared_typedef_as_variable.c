typedef int T;
int main(void) {
    T x = 1;
    int T = 2;
    T y = 3;
    return x + y;
}
