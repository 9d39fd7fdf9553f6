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
 * (a callee's out-parameter, {@code union U *p = &u;}) keep a union's bytes shared between its
 * members, as gcc lays them out. Each fact is checked both ways: the true claim is SAFE and the
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
}
