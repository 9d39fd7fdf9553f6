int x = 1;
extern int e;
int e;
int e;
int main(void) {
    int x = 2;
    {
        int x = 3;
        x++;
    }
    for (int i = 0; i < 3; i++) {
        int x = i;
        x--;
    }
    extern int e;
    extern int e;
    static int s;
    s++;
    return x + e + s;
}
