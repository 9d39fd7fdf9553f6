int main(void) {
    int x = 0;
L:  x++;
L:  x++;
    return x;
}
