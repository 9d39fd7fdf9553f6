/*
 * Replays mergesort's counterexample under --nondet-globals with gcc: the program's main is
 * renamed to orig_main at compile time, and this main sets the global n from the command line
 * before calling it. Every other global stays 0 (__BLAST_NONDET = 0 takes the else branch of the
 * merge, which does not matter for the failure).
 *
 *   gcc -fwrapv -O2 -w -Dmain=orig_main -c ../shared/bench/thesis/mergesort.c -o /tmp/mergesort.o
 *   gcc -fwrapv -O2 -w invgen-bench/witnesses/mergesort_driver.c /tmp/mergesort.o -o /tmp/mergesort
 *   /tmp/mergesort 2147483646
 *
 * With n = 2147483646 and x = 1, the inner loop steps z = 1, 3, ..., 2147483645, 2147483647:
 * there z + x wraps to INT_MIN, so z + x <= n still holds, k = l = z = 2147483647 and
 * assert(k <= n) fails after about 2^30 iterations (2.5 s).
 */
#include <stdio.h>
#include <stdlib.h>

extern int n;
int orig_main();

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    orig_main();
    printf("no assertion failed for n = %d\n", n);
    return 0;
}
