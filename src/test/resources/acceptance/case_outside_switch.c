int main(void) {
    int x = 1;
    case 1: x = 2;
    return x;
}
