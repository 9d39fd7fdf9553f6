const int limit = 10;
typedef const unsigned cu;
int main(void) {
    const int local = limit + 1;
    cu other = 3;
    int copy = local;
    copy += other;
    return copy;
}
