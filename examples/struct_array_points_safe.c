// expect: safe
// Arrays of structs (issue #20), flattened as a struct of arrays (pts.x[k] holds pts[k].x): a
// table of points initialized by a brace list, an element looked up with an input index, one
// element copied over another, and a helper that moves points through a pointer into the array
// (p[1].x, p->y; passed &pts[k] and pts + 2); the moved points keep their differences.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct Point { int x; int y; unsigned char tag[2]; };

static void shift(struct Point p[], int d) {
    p->x += d;
    p->y += d;
    p[1].x -= d;
    p[1].y -= d;
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
    if (k < 3) {
        shift(&pts[k], 10);
    }
    shift(pts + 2, 5);
    __VERIFIER_assert(pts[k].y - pts[k].x == 1);
    __VERIFIER_assert(pts[2].tag[1] == 7 && pts[3].tag[0] == 4 && pts[1].tag[0] == 0);
    return 0;
}
