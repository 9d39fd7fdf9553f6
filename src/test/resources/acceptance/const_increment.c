typedef const int cint;
int main(void) {
    cint k = 0;
    k++;
    return k;
}
