int main(void) {
    const int limit = 10;
    limit = 11;
    return limit;
}
