int main(void) {
    int x = 1;
    switch (x) { case 1: x = 2; break; case 1: x = 3; break; }
    return x;
}
