int main(void) {
    int x = 1, y = 2;
    switch (x) { case y: x = 3; }
    return x;
}
