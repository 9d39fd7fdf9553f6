extern int pick(a);
int main(void) {
    return pick(1, 2);
}
