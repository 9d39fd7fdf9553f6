void nothing(void) { }
int main(void) {
    int x = nothing();
    return x;
}
