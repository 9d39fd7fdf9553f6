package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unions beyond variables (issue #20): a union member of a struct and of an array of structs, arrays
 * of unions, unions passed to and returned by inlined callees by value, and pointers to unions
 * (a callee's out-parameter, {@code union U *p = &u;}), and struct members of unions keep a union's
 * bytes shared between its members, as gcc lays them out. Each fact is checked both ways: the true claim is SAFE and the
 * false one UNSAFE.
 */
class UnionAggregateTest {
    private static final String HEADER = "extern void __VERIFIER_assert(int cond);\nextern unsigned int __VERIFIER_nondet_uint(void);\n"
            + "union U { unsigned int i; unsigned char b[4]; unsigned short h; };\n"
            + "struct S { unsigned char tag; union U u; union U two[2]; };\n";

    @TempDir
    Path dir;

    private void holds(String name, String body, String claim, String wrong) throws IOException {
        for (boolean right : new boolean[] {true, false}) {
            Path c = dir.resolve(name + (right ? "_safe.c" : "_unsafe.c"));
            Files.writeString(c, HEADER + body.replace("CLAIM", right ? claim : wrong));
            CliResult r = CliResult.run("verify", "--timeout", "60", c.toString());
            assertEquals(right ? ExitCodes.SAFE : ExitCodes.UNSAFE, r.code(), name + " " + right + ": " + r.out() + r.err());
        }
    }

    @Test
    void aUnionMemberOfAStructSharesItsBytes() throws IOException {
        holds("member", "int main(void) {\n  struct S s = {1, {.i = __VERIFIER_nondet_uint()}, {{7}}};\n  s.two[1].b[1] = 2;\n"
                + "  struct S t = s;\n  t.u.b[0] = 0;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "t.u.i == (s.u.i & ~255u) && t.two[0].i == 7 && t.two[1].h == 0x200 && s.tag == 1",
                "t.u.i == s.u.i");
    }

    @Test
    void anArrayOfUnionsKeepsEachElementsBytes() throws IOException {
        holds("array", "union U g[3] = {[1] = {.h = 5}};\nint main(void) {\n  unsigned int k = __VERIFIER_nondet_uint() % 3;\n"
                + "  union U a[3] = {{1}, {2}, {3}};\n  a[k].b[3] = 1;\n  g[k] = a[k];\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "g[k].i == k + 1 + (1u << 24) && a[(k + 1) % 3].i == (k + 1) % 3 + 1",
                "g[1].i == 5");
    }

    @Test
    void aUnionInAnArrayOfStructsIsARowOfItsMembersBytes() throws IOException {
        holds("rows", "int main(void) {\n  unsigned int k = __VERIFIER_nondet_uint() % 2;\n  struct S ps[2] = {{0}};\n"
                + "  ps[k].u.i = 0x01020304;\n  ps[1 - k].two[k].b[0] = 9;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "ps[k].u.b[3] == 1 && ps[1 - k].u.i == 0 && ps[1 - k].two[k].i == 9",
                "ps[1 - k].two[1 - k].i == 9");
    }

    @Test
    void unionsPassAndReturnByValueAndThroughPointers() throws IOException {
        holds("calls", "union U low(union U v) { v.b[1] = 0; v.h = v.b[0]; return v; }\n"
                + "void clear(union U *p, unsigned int k) { p[k].b[0] = 0; }\n"
                + "int main(void) {\n  unsigned int x = __VERIFIER_nondet_uint();\n  union U a[2] = {{x}, {0x1ff}};\n"
                + "  union U w = low(a[0]);\n  clear(a, 1);\n  union U *q = &a[0];\n  q->b[3] = 0;\n  __VERIFIER_assert(CLAIM);\n"
                + "  return 0;\n}\n",
                "w.i == (x & 0xffff00ffu) && a[1].i == 0x100 && a[0].i == (x & 0xffffffu)",
                "a[1].i == 0x1ff");
    }

    /**
     * A subscript of a union's array member is checked where C evaluates it, not before the whole
     * expression: {@code i < 4 && u.b[i]} and {@code i >= 4 ? 0 : u.b[i]} never read out of the
     * member for i >= 4 (its extent check was once emitted before them, a wrong UNSAFE).
     */
    @Test
    void aMembersSubscriptIsCheckedOnlyWhereCEvaluatesIt() throws IOException {
        holds("shortcircuit", "int main(void) {\n  unsigned int i = __VERIFIER_nondet_uint();\n  union U u = {.i = 0x01020304};\n"
                + "  int r = i < 4 && u.b[i] > 0;\n  int s = i >= 4 ? 0 : u.b[i];\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "i >= 4 || r == 1 && s == u.b[i]",
                "r == 1");
    }

    /** gcc's layout of the structs below: a char before an int, a short array after it, a union in a struct, a long long. */
    private static final String LAID_OUT = "struct P { unsigned char c; unsigned int x; unsigned short a[2]; };\n"
            + "union V { struct P p; unsigned char b[12]; unsigned int w[3]; };\n"
            + "struct R { unsigned short h; union U u; };\nunion Z { struct R r; unsigned long long all; unsigned char b[8]; };\n"
            + "struct R bump(struct R r) { r.u.b[0] += 1; r.h = r.u.h; return r; }\n"
            + "struct L { int a; long long b; };\nunion M { struct L l; unsigned char c[16]; };\n"
            + "int main(void) {\n  unsigned int x = __VERIFIER_nondet_uint();\n  union V v = {{1, x, {2, 3}}};\n  v.p.a[1] = 0x405;\n"
            + "  struct P t = v.p;\n  t.c = 9;\n  union Z z;\n  z.all = x;\n  z.r.u.i = 0x01020304;\n  z.r = bump(z.r);\n"
            + "  union M m = {{7}};\n  m.l.b = 0x0102030405060708LL;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n";

    @Test
    void aStructMemberOfAUnionLiesInItsBytesAsGccLaysItOut() throws IOException {
        holds("struct", LAID_OUT, "v.w[1] == x && v.b[0] == 1 && v.b[8] == 2 && v.b[10] == 5 && v.b[11] == 4 && t.x == x && t.c == 9"
                + " && sizeof(struct P) == 12 && sizeof(union V) == 12 && sizeof(struct R) == 8"
                + " && z.r.h == 0x0305 && z.b[4] == 5 && z.b[7] == 1 && z.b[0] == 5 && z.r.u.i == 0x01020305"
                + " && sizeof(struct L) == 12 && m.c[4] == 8 && m.l.a == 7",
                "z.r.h == (x & 0xffff)");
    }

    /** Padding bytes: indeterminate in a local union's brace list, unspecified after a store of the whole struct (C11 §6.2.6.1p6). */
    @Test
    void aStructsPaddingInAUnionHasNoValue() throws IOException {
        holds("padding", LAID_OUT, "v.b[0] == 1", "v.b[1] == 0");
        holds("copied", LAID_OUT, "z.b[4] == 5", "z.b[2] == (unsigned char) (x >> 16)");
    }

    /** Under LP64 a long long member is aligned to 8 bytes (on i386, ILP32, to 4). */
    @Test
    void aLongLongMembersOffsetFollowsTheDataModel() throws IOException {
        for (boolean right : new boolean[] {true, false}) {
            Path c = dir.resolve("lp64_" + right + ".c");
            Files.writeString(c, HEADER + LAID_OUT.replace("CLAIM", right ? "sizeof(struct L) == 16 && m.c[8] == 8 && m.c[15] == 1"
                    : "m.c[4] == 8"));
            CliResult r = CliResult.run("verify", "--timeout", "60", "--data-model", "LP64", c.toString());
            assertEquals(right ? ExitCodes.SAFE : ExitCodes.UNSAFE, r.code(), right + ": " + r.out() + r.err());
        }
    }

    /** A _Bool member's write stores 0 or 1 in its byte, which the other members read. */
    @Test
    void aBoolMemberWritesZeroOrOne() throws IOException {
        holds("bool", "union B { unsigned int i; _Bool z; struct { unsigned char c; _Bool f[2]; } s; };\n"
                + "int main(void) {\n  unsigned int x = __VERIFIER_nondet_uint();\n  union B b = {x};\n  b.z = x;\n  b.s.f[1] = x & 4;\n"
                + "  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "b.i >> 24 == x >> 24 && (b.i & 0xff) == (x != 0) && ((b.i >> 16) & 0xff) == ((x & 4) != 0) && b.s.c == (x != 0)",
                "(b.i & 0xff) == (x & 0xff)");
    }
}
