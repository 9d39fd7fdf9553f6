enum color { RED, GREEN = 5, BLUE };
int main(void) {
    int x = 1, r = 0;
    switch (x) {
    case RED: r = 1; break;
    case GREEN + 1: r = 2;
    case 1: r = 3; break;
    default: r = 4;
    }
    if (r == 3) goto done;
    r = 0;
done:
    return r;
}
