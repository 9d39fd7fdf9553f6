int main(void) {
    int x = 1
    return x;
}
