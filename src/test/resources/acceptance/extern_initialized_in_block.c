int main(void) {
    extern int e = 1;
    return e;
}
