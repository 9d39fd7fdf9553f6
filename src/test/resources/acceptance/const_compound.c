const unsigned mask = 0xff;
int main(void) {
    mask |= 1;
    return 0;
}
