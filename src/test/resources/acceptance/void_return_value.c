extern void pick(int a);
int main(void) {
    return pick(1);
}
