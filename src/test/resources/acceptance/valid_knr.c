int twice();
int add(a, b)
    int a;
    int b;
{
    return a + b;
}
main()
{
    int x = twice(3, 4);
    return add(x, 1);
}
int twice(x) int x; { return 2 * x; }
