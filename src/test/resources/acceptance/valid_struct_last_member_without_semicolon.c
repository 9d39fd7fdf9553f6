/* GNU C: the last member of a struct or union may lack its ';' (gcc warns "no semicolon at end of struct or union") */
struct pair {
    int a;
    int b
};
union word { unsigned int w; unsigned char b[4] };
int main(void) {
    struct pair p = {1, 2};
    union word u;
    u.w = (unsigned int) p.b;
    return p.a + u.b[0];
}
