package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * The witness checker's costs on products of 64-bit variables (nla-digbench's fermat1): an
 * invariant equality implies the assertion's equality of the same polynomial without a 64-bit
 * multiplier, and the search for a least or greatest value on entry keeps to its limit as a whole.
 */
class InvariantCheckTest {

    /** fermat1's inner loop with its assertion: 4*(A+r) == u*u - v*v - 2*u + 2*v is kept by r -= v, v += 2. */
    private static final String FERMAT = """
            extern int __VERIFIER_nondet_int(void);
            extern long long __VERIFIER_nondet_longlong(void);
            extern void __VERIFIER_error(void);
            int main(void) {
              int A = __VERIFIER_nondet_int();
              long long u = __VERIFIER_nondet_longlong();
              long long v = __VERIFIER_nondet_longlong();
              long long r = __VERIFIER_nondet_longlong();
              if (4 * (A + r) != u * u - v * v - 2 * u + 2 * v) {
                return 0;
              }
              while (r > 0) {
                if (4 * (A + r) != u * u - v * v - 2 * u + 2 * v) {
                  __VERIFIER_error();
                }
                r = r - v;
                v = v + 2;
              }
              return 0;
            }
            """;

    /** A loop entered with a value the inputs' 64-bit products give. */
    private static final String PRODUCTS = """
            extern long long __VERIFIER_nondet_longlong(void);
            int main(void) {
              long long a = __VERIFIER_nondet_longlong();
              long long b = __VERIFIER_nondet_longlong();
              long long c = __VERIFIER_nondet_longlong();
              if (a < 3 || b < 3 || c < 3) {
                return 0;
              }
              long long x = a * b * c + a * a * b - c * c * a;
              while (x > 0) {
                x = x - 1;
              }
              return 0;
            }
            """;

    /** A loop that fills an array's cells (issue #20); the assertion needs what it wrote. */
    private static final String FILL = """
            extern void __VERIFIER_assert(int cond);
            int main(void) {
              unsigned char a[8];
              int i = 0;
              while (i < 8) {
                a[i] = 3 * i;
                i++;
              }
              __VERIFIER_assert(a[5] == 15);
              return 0;
            }
            """;

    @TempDir
    Path dir;

    /** The problem check-witness finds with {@code invariant} at FILL's loop, null if none. */
    private String fillProblem(String invariant) throws Exception {
        Program program = program(FILL);
        LoopHeads loops = new LoopHeads(program);
        Block head = loops.heads().iterator().next();
        Expr parsed = new InvariantParser(program, DataModel.ILP32).parse(invariant, loops.body(head));
        try (Context ctx = new Context()) {
            return new InvariantCheck(ctx, program, loops, Map.of(head, List.of(parsed))).check();
        }
    }

    /**
     * A cell invariant in ACSL's notation (format 2.1's acsl_expression) is read and decided by Z3,
     * never assumed: the right one proves the assertion; one whose cells are off by one, or one
     * without the quantified part, is rejected.
     */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aQuantifiedCellInvariantIsCheckedNotTrusted() throws Exception {
        assertNull(fillProblem("0 <= i && i <= 8 && (\\forall int j; (0 <= j && j < i ==> a[j] == 3 * j))"));
        assertNull(fillProblem("0 <= i && i <= 8 && \\forall int j; 0 <= j && j < i ==> a[j] == 3 * j"));
        String wrong = fillProblem("0 <= i && i <= 8 && (\\forall int j; (0 <= j && j < i ==> a[j] == 3 * j + 1))");
        assertTrue(wrong != null, "cells off by one are rejected");
        String weak = fillProblem("0 <= i && i <= 8");
        assertTrue(weak != null && weak.contains("can fail"), String.valueOf(weak));
        String negated = fillProblem("0 <= i && i <= 8 && !(\\forall int j; (0 <= j && j < i ==> a[j] == 3 * j))");
        assertTrue(negated != null, "a negated quantifier is no invariant here");
    }

    private Program program(String text) throws Exception {
        Path file = dir.resolve("check.c");
        Files.writeString(file, text);
        return FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anInvariantEqualityOfProductsProvesTheAssertionOfTheSamePolynomial() throws Exception {
        Program program = program(FERMAT);
        LoopHeads loops = new LoopHeads(program);
        Block head = loops.heads().iterator().next();
        InvariantParser parser = new InvariantParser(program, DataModel.ILP32);
        Expr invariant = parser.parse("v*v + 4*(long long)A + 2*u + 4*r == u*u + 2*v", loops.body(head));
        try (Context ctx = new Context()) {
            // without the lemmas Z3 multiplies 64-bit vectors here and does not answer within minutes
            assertNull(new InvariantCheck(ctx, program, loops, Map.of(head, List.of(invariant))).check());
        }
    }

    @Test
    void theSearchForAnEntryRangeKeepsToItsLimitAsAWhole() throws Exception {
        Program program = program(PRODUCTS);
        LoopHeads loops = new LoopHeads(program);
        Block head = loops.heads().iterator().next();
        Expr x = new InvariantParser(program, DataModel.ILP32).parse("x", loops.body(head));
        try (Context ctx = new Context()) {
            long start = System.nanoTime();
            new InvariantCheck(ctx, program, loops, Map.of()).entryRanges(head, List.of(x), 500, () -> false);
            double seconds = (System.nanoTime() - start) / 1e9;
            // a least and a greatest value, each within 0.5 s, and the encoding (loose, for a loaded machine)
            assertTrue(seconds < 15, "the search took " + seconds + " s");
        }
    }
}
