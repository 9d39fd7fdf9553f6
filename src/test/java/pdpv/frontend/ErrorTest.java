package pdpv.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.semantics.DataModel;

/** The user-visible errors of the front end: located syntax errors, unsupported constructs, bad input. */
class ErrorTest {

    private static UserError error(String source) {
        return assertThrows(UserError.class, () -> Lower.c(source));
    }

    private static void assertUnsupported(String source, int line, String what) {
        UserError e = error(source);
        assertEquals(UserError.Kind.UNSUPPORTED, e.kind(), e::render);
        assertEquals(line, e.loc().line(), e::render);
        assertTrue(e.getMessage().contains(what), e::render);
        assertTrue(e.render().startsWith("t.c:" + line + ": unsupported: "), e::render);
    }

    @Test
    void syntaxErrorHasFileLineAndColumn() {
        UserError e = error("int main() {\n  int x = ;\n  return 0;\n}\n");
        assertEquals(UserError.Kind.SYNTAX, e.kind());
        assertEquals(2, e.loc().line());
        assertTrue(e.loc().column() > 0, e::render);
        assertTrue(e.render().startsWith("t.c:2:" + e.loc().column() + ": error: "), e::render);
    }

    @Test
    void preprocessorProblemIsASyntaxError() {
        UserError e = error("#include <nosuchheader.h>\nint main() { return 0; }\n");
        assertEquals(UserError.Kind.SYNTAX, e.kind());
        assertEquals(1, e.loc().line());
    }

    @Test
    void undeclaredVariableIsAnError() {
        UserError e = error("int main() {\n return y;\n}\n");
        assertEquals(UserError.Kind.SYNTAX, e.kind());
        assertEquals(2, e.loc().line());
    }

    @Test
    void pointerIsUnsupportedAtItsLine() {
        assertUnsupported("int main() {\n  int x = 0;\n  int *p = &x;\n  return 0;\n}\n", 3, "pointer");
        assertUnsupported("int main() {\n  int x = 0;\n  x = *(&x);\n  return 0;\n}\n", 3, "pointer");
    }

    @Test
    void otherUnsupportedConstructs() {
        assertUnsupported("int main() {\n  double a[3];\n  return 0;\n}\n", 2, "array of floating-point");
        assertUnsupported("int main() {\n  int n = 3;\n  int a[n];\n  return 0;\n}\n", 3, "variable-length array");
        assertUnsupported("int main() {\n  int a[3];\n  int *p = a;\n  return 0;\n}\n", 3, "pointer");
        assertUnsupported("int main() {\n  double d = 1;\n  return 0;\n}\n", 2, "floating-point");
        assertUnsupported("struct s { int f; };\nint main() {\n  struct s v;\n  return 0;\n}\n", 3, "struct");
        assertUnsupported("#include <stdlib.h>\nint main() {\n  int x = 1;\n  malloc(4);\n  return 0;\n}\n", 4, "heap");
        assertUnsupported("int f(int x) { return x; }\nint main() {\n  int (*fp)(int) = f;\n  return 0;\n}\n", 3, "function");
        assertUnsupported("int main(int argc, char **argv) {\n  int x = 0;\n  if (argv) x = 1;\n  return 0;\n}\n", 3, "argv");
        assertUnsupported("int *g;\nint main() {\n  int x = 0;\n  g = 0;\n  return 0;\n}\n", 4, "g");
    }

    @Test
    void recursionIsUnsupportedAtTheCall() {
        assertUnsupported("int f(int n) {\n  if (n <= 0) return 0;\n  return f(n - 1);\n}\nint main() { return f(3); }\n",
                3, "recursion: f calls itself");
        assertUnsupported("int g(int n);\nint f(int n) { return g(n); }\nint g(int n) {\n  return f(n);\n}\nint main() { return f(1); }\n",
                4, "recursion: g calls f");
    }

    @Test
    void irreducibleGotoIsUnsupportedAtTheGoto() {
        assertUnsupported("""
                int main() {
                  int x = __VERIFIER_nondet_int();
                  if (x) goto L;
                  while (x < 10) {
                  L: x++;
                  }
                  return 0;
                }
                """, 3, "irreducible goto");
    }

    @Test
    void missingFileIsAnInputError(@TempDir Path dir) {
        Path missing = dir.resolve("missing.c");
        UserError e = assertThrows(UserError.class, () -> FrontEnd.parse(missing, FrontEndOptions.defaults()));
        assertEquals(UserError.Kind.INPUT, e.kind());
        assertTrue(e.render().contains(missing.toString()), e::render);
    }

    @Test
    void missingEntryFunctionIsAnInputError() {
        UserError e = assertThrows(UserError.class, () -> FrontEnd.parse("t.c", "int main() { return 0; }",
                new FrontEndOptions("check", DataModel.ILP32, false)));
        assertEquals(UserError.Kind.INPUT, e.kind());
        assertTrue(e.render().startsWith("t.c: error: ") && e.getMessage().contains("check"), e::render);
    }

    @Test
    void gotoToUndefinedLabelIsAnError() {
        UserError e = error("int main() {\n  goto NOWHERE;\n  return 0;\n}\n");
        assertEquals(2, e.loc().line(), e::render);
    }
}
