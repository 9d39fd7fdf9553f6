#warning a warning is not an error
#define N 3
#if N > 2
int big = 1;
#else
#error not reached
#endif
int main(void) { return big; }
