// expect: safe
// Arrays of structs (issue #20), flattened as a struct of arrays (pts.x[k] holds pts[k].x): a
// table of points initialized by a brace list, an element looked up with an input index, one
// element copied over another, and a helper that moves every point through a struct pointer
// (p[i].x, p->y); the moved points keep their differences.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct Point { int x; int y; unsigned char tag[2]; };

static void shift(struct Point *p, int n, int d) {
    for (int i = 0; i < n; i++) {
        p[i].x += d;
        p[i].y += d;
    }
    p->tag[1] = 7;
}

int main(void) {
    struct Point pts[4] = {{0, 1, {1, 2}}, {2, 3}, [3] = {6, 7, {4}}};
    unsigned int k = __VERIFIER_nondet_uint();
    if (k >= 4) {
        return 0;
    }
    pts[2] = pts[1];
    pts[2].x += 2;
    pts[2].y += 2;
    struct Point q = pts[k];
    __VERIFIER_assert(q.y == q.x + 1);
    shift(pts, 4, 10);
    __VERIFIER_assert(pts[k].y - pts[k].x == 1);
    __VERIFIER_assert(pts[0].tag[1] == 7 && pts[3].tag[0] == 4 && pts[1].tag[0] == 0);
    return 0;
}
