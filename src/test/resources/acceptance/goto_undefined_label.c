int main(void) {
    goto nowhere;
    return 0;
}
