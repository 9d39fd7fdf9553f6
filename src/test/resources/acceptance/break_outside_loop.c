int main(void) {
    int x = 0;
    break;
    return x;
}
