int sum(int count, ...);
int none(void);
int later(int a, int b);
int main(void) {
    return none() + later(1, 2);
}
int none(void) { return 0; }
int later(int a, int b) { return a - b; }
