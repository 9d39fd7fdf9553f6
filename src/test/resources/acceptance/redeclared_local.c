int main(void) {
    int x = 1;
    int y = 2;
    int x = 3;
    return x + y;
}
