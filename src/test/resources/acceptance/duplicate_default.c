int main(void) {
    int x = 1;
    switch (x) { default: x = 2; break; default: x = 3; }
    return x;
}
