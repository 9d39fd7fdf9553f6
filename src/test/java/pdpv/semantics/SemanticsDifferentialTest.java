package pdpv.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cegar.Verdict;
import pdpv.cegar.Verifier;
import pdpv.cegar.VerifierOptions;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.testing.Gcc;

/**
 * Randomized differential test of the C integer semantics (design page: "tested against
 * gcc-compiled C"): random expressions over all integer types are compiled and run by gcc, and
 * the same expressions, each asserted equal to gcc's value, go through PDPV's front end, the
 * concrete interpreter and the Z3 encoding. Every disagreement is a failing assertion. The host
 * gcc is LP64, so programs that use {@code long} are checked under PDPV's LP64 data model and the
 * others under the default ILP32 (where the remaining types have the same widths).
 */
class SemanticsDifferentialTest {
    private static final int PROGRAMS = 60;
    private static final int EXPRESSIONS_PER_PROGRAM = 50;

    @TempDir
    Path dir;

    @Test
    void interpreterZ3AndGccAgreeOnRandomExpressions() throws Exception {
        boolean gcc = Gcc.available();
        if (!gcc) {
            System.err.println("SKIPPED: SemanticsDifferentialTest needs gcc on the PATH; it is absent.");
        }
        Assumptions.assumeTrue(gcc, "gcc is absent: differential semantics test skipped");
        Random random = new Random(20131121L);
        int cases = 0;
        for (int p = 0; p < PROGRAMS; p++) {
            boolean lp64 = p % 2 == 1;
            List<RandomCExpressions.CTypeName> types = new ArrayList<>(RandomCExpressions.COMMON_TYPES);
            if (lp64) {
                types.addAll(RandomCExpressions.LP64_LONG);
            }
            FrontEndOptions options = new FrontEndOptions("main", lp64 ? DataModel.LP64 : DataModel.ILP32, false);
            RandomCExpressions gen = new RandomCExpressions(random, types, 6);
            List<String> exprs = new ArrayList<>();
            for (int i = 0; i < EXPRESSIONS_PER_PROGRAM; i++) {
                exprs.add(gen.expression(1 + random.nextInt(4)));
            }
            List<String> gccValues = runWithGcc(p, gen.declarations(), exprs);
            String checked = pdpvProgram(gen.declarations(), exprs, gccValues);
            Program program = FrontEnd.parse("diff" + p + ".c", checked, options);
            Execution run = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(1_000_000))
                    .run(program.entry(), Map.of(), InputOracle.constant(0));
            assertEquals(Execution.Outcome.HALTED, run.outcome(),
                    () -> "interpreter disagrees with gcc at " + run.failedAssertion() + "\n" + checked);
            Verdict verdict = new Verifier(VerifierOptions.defaults()).verify(program);
            assertEquals(Verdict.Kind.SAFE, verdict.kind(),
                    () -> "Z3 encoding disagrees with gcc: " + verdict + "\n" + checked);
            cases += exprs.size();
        }
        assertTrue(cases >= 3000, "thousands of cases");
    }

    private static String pdpvProgram(String declarations, List<String> exprs, List<String> values) {
        StringBuilder sb = new StringBuilder("extern void __VERIFIER_assert(int);\nint main(void) {\n");
        sb.append(declarations);
        for (int i = 0; i < exprs.size(); i++) {
            String v = values.get(i).equals("-9223372036854775808") ? "(-9223372036854775807LL - 1)" : values.get(i) + "LL";
            sb.append("    long long r").append(i).append(" = (long long)(").append(exprs.get(i)).append(");\n");
            sb.append("    __VERIFIER_assert(r").append(i).append(" == ").append(v).append(");\n");
        }
        return sb.append("    return 0;\n}\n").toString();
    }

    private List<String> runWithGcc(int index, String declarations, List<String> exprs) throws IOException, InterruptedException {
        StringBuilder sb = new StringBuilder("#include <stdio.h>\nint main(void) {\n").append(declarations);
        for (String e : exprs) {
            sb.append("    printf(\"%lld\\n\", (long long)(").append(e).append("));\n");
        }
        sb.append("    return 0;\n}\n");
        List<String> lines = Gcc.compileAndRun(dir, "g" + index, sb.toString());
        assertEquals(exprs.size(), lines.size(), "gcc program output");
        return lines;
    }
}
