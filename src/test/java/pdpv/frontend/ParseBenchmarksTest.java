package pdpv.frontend;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import pdpv.cfg.CallSite;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.frontend.IrEvaluator.End;
import pdpv.frontend.IrEvaluator.Outcome;
import pdpv.semantics.DataModel;

/** Acceptance: the thesis benchmarks (read from the shared bench folder) and SV-COMP's preprocessed style parse. */
class ParseBenchmarksTest {
    private static final List<Path> THESIS_DIRS = List.of(Path.of("../shared/bench/thesis"),
            Path.of("../../shared/bench/thesis"), Path.of("/work/shared/bench/thesis"));

    @Test
    void allThesisBenchmarksParseWithNondetGlobals() throws IOException {
        Path dir = THESIS_DIRS.stream().filter(Files::isDirectory).findFirst().orElse(null);
        assumeTrue(dir != null, "thesis benchmarks not found");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".c")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        FrontEndOptions options = new FrontEndOptions("main", DataModel.ILP32, true);
        for (Path f : files) {
            Program p = assertDoesNotThrow(() -> WellTyped.check(FrontEnd.parse(f, options)), f::toString);
            assertFalse(p.blocks().isEmpty(), f::toString);
        }
    }

    private static final String SVCOMP_I = """
            # 1 "bench.c"
            # 1 "<built-in>"
            # 1 "<command-line>"
            # 1 "bench.c"
            extern void abort(void);
            extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
            void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "bench.c", 3, __extension__ __PRETTY_FUNCTION__); })); }
            extern int __VERIFIER_nondet_int(void);
            extern unsigned int __VERIFIER_nondet_uint(void);
            void assume_abort_if_not(int cond) { if(!cond) {abort();} }
            void __VERIFIER_assert(int cond) {
              if (!(cond)) {
                ERROR: {reach_error();abort();}
              }
              return;
            }
            # 20 "bench.c"
            int main() {
              unsigned int x = __VERIFIER_nondet_uint();
              int y = __VERIFIER_nondet_int();
              assume_abort_if_not(y > 0);
              __VERIFIER_assert(x + y != 0x10U);
              return 0;
            }
            """;

    /**
     * SV-COMP's own definitions run as code: {@code __VERIFIER_assert}'s body calls
     * {@code reach_error()}, whose call is the violation (unreach-call), reported where it is with the
     * call of {@code __VERIFIER_assert} that led there; the label {@code ERROR} before it is an
     * ordinary one in a program that declares {@code reach_error}. Lines are those of the file
     * given, not of its line markers.
     */
    @Test
    void svcompPreprocessedStyleParsesAndLocatesLinesOfTheGivenFile() {
        Program p = WellTyped.check(FrontEnd.parse("bench.i", SVCOMP_I, FrontEndOptions.defaults()));
        Outcome bad = IrEvaluator.run(p, 10, 6);
        assertEquals(End.ASSERTION_FAILED, bad.end());
        assertEquals("reach_error()", bad.failed().text());
        assertEquals(new SourceLoc("bench.i", 13, 13), bad.failed().loc());
        assertEquals(List.of(new CallSite("__VERIFIER_assert", "__VERIFIER_assert(x + y != 0x10U)", new SourceLoc("bench.i", 22, 3))),
                bad.failed().callers());
        assertEquals(End.ABORT, IrEvaluator.run(p, 10, 0).end(), "assume_abort_if_not's body aborts");
        assertEquals(End.RETURN, IrEvaluator.run(p, 10, 7).end());
    }

    @Test
    void glibcAssertMacroExpansionsAreAssertions() {
        Program p = FrontEnd.parse("glibc.i", """
                extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
                extern int __VERIFIER_nondet_int(void);
                int main() {
                  int x = __VERIFIER_nondet_int();
                  ((x != 1) ? (void) (0) : __assert_fail ("x != 1", "glibc.c", 5, __PRETTY_FUNCTION__));
                  ((void) sizeof ((x != 2) ? 1 : 0), __extension__ ({ if (x != 2) ; else __assert_fail ("x != 2", "glibc.c", 6, __extension__ __PRETTY_FUNCTION__); }));
                  if (__builtin_expect(!!(x != 4), 1)) ; else __assert_fail ("x != 4", "glibc.c", 7, __PRETTY_FUNCTION__);
                  return 0;
                }
                """, FrontEndOptions.defaults());
        assertEquals("x != 1", IrEvaluator.run(p, 1).failed().text());
        assertEquals("x != 2", IrEvaluator.run(p, 2).failed().text());
        assertEquals("x != 4", IrEvaluator.run(p, 4).failed().text());
        assertEquals(End.RETURN, IrEvaluator.run(p, 3).end());
    }

    @Test
    void preprocessorWarningsAreNotErrors() {
        Program p = FrontEnd.parse("w.c", "#warning just a warning\nint main() { return 0; }\n", FrontEndOptions.defaults());
        assertEquals(End.RETURN, IrEvaluator.run(p).end());
    }

    @Test
    void lineMarkersDoNotRenumberTheGivenFile() {
        Program p = FrontEnd.parse("m.i", """
                # 1 "a.h"
                extern int __VERIFIER_nondet_int(void);
                # 7 "b.c"
                int main() {
                # 1 "c.h" 1
                  int x = 1;
                # 12 "b.c" 2
                  assert(x == 2);
                  return 0;
                }
                """, FrontEndOptions.defaults());
        Outcome o = IrEvaluator.run(p);
        assertEquals(new SourceLoc("m.i", 8, 3), o.failed().loc());
    }

    @Test
    void errorsAreLocatedInTheGivenFile() {
        UserError e = org.junit.jupiter.api.Assertions.assertThrows(UserError.class, () -> FrontEnd.parse("x.i",
                "# 1 \"orig.c\"\nint main() {\n# 40 \"orig.c\"\n  double d = 1;\n  return 0;\n}\n", FrontEndOptions.defaults()));
        assertEquals("x.i:4:" + e.loc().column() + ": unsupported: " + e.getMessage(), e.render());
        assertTrue(e.loc().column() > 0, e::render);
    }
}
