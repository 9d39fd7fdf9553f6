package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.encode.Z3Algebra;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;

/**
 * {@link CText} against the front end, differentially over every example: each condition (of a
 * branch, assumption or assertion) and each assignment {@code x = e} written as C ({@code x == e})
 * reads back through {@link InvariantParser} as an expression that Z3 shows equivalent to the
 * original for all values of the variables.
 */
class CTextTest {
    static Stream<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("examples"))) {
            return files.filter(f -> f.toString().endsWith(".c")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyConditionAndAssignmentReadsBackAsTheSameExpression(Path example) {
        Program program = FrontEnd.parse(example, FrontEndOptions.defaults());
        InvariantParser parser = new InvariantParser(program, program.semantics().model());
        List<String> problems = new ArrayList<>();
        int checked = 0;
        int printable = 0;
        try (Context ctx = new Context()) {
            ExprEvaluator<BitVecExpr, BoolExpr> eval = new ExprEvaluator<>(program.semantics(), new Z3Algebra(ctx));
            Z3Algebra alg = new Z3Algebra(ctx);
            Map<Variable, com.microsoft.z3.Expr<?>> arrays = new HashMap<>();
            Map<Variable, BitVecExpr> scalars = new HashMap<>();
            for (Variable v : program.variables()) {
                if (v.isArray()) {
                    arrays.put(v, ctx.mkConst(v.name(), alg.arraySort(program.semantics().indexType().width(), v.type().width())));
                } else {
                    scalars.put(v, ctx.mkBVConst(v.name(), v.type().width()));
                }
            }
            Valuation<BitVecExpr> state = new Valuation<>() {
                @Override
                public BitVecExpr scalar(Variable v) {
                    return scalars.get(v);
                }

                @Override
                public BitVecExpr cell(Variable array, BitVecExpr index) {
                    return alg.select(arrays.get(array), index);
                }
            };
            for (Block b : program.blocks()) {
                List<Expr> conditions = new ArrayList<>();
                List<Stmt.Assign> assigns = new ArrayList<>();
                for (Stmt s : b.statements()) {
                    if (s instanceof Stmt.Assume a) {
                        conditions.add(a.condition());
                    } else if (s instanceof Stmt.Assert a) {
                        conditions.add(a.condition());
                    } else if (s instanceof Stmt.Assign a) {
                        assigns.add(a);
                    }
                }
                if (b.terminator() instanceof Terminator.Branch br) {
                    conditions.add(br.condition());
                }
                for (Expr c : conditions) {
                    for (boolean holds : new boolean[] {true, false}) {
                        Optional<String> text = CText.condition(c, holds);
                        if (text.isPresent()) {
                            printable++;
                            BoolExpr original = eval.truth(c, state);
                            checked += same(ctx, eval, state, parser, b, text.get(), holds ? original : ctx.mkNot(original), problems);
                        }
                    }
                }
                for (Stmt.Assign a : assigns) {
                    Optional<String> x = CText.of(new Expr.VarRef(a.target()));
                    Optional<String> v = CText.of(a.value());
                    // a parameter passed an argument of its own name (w = w): one C name for two variables
                    boolean oneNameTwice = pdpv.cfg.VariableUses.reads(a.value()).stream()
                            .anyMatch(r -> !r.equals(a.target()) && a.target().sourceName().equals(r.sourceName()));
                    if (x.isPresent() && v.isPresent() && !oneNameTwice) {
                        printable++;
                        BoolExpr original = ctx.mkEq(state.scalar(a.target()), eval.value(a.value(), state));
                        checked += same(ctx, eval, state, parser, b, x.get() + " == " + v.get(), original, problems);
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), example + ": " + problems);
        // a program whose every condition and assignment names a temporary (abs_int_min.c: the
        // inlined my_abs(a) reads its argument, and its result is a temporary) has no C text to check
        assertTrue(checked > 0 || printable == 0, example + ": nothing checked of " + printable + " texts");
    }

    /** 1 if {@code text} was read and is equivalent to {@code original}; 0 if a name in it is ambiguous. */
    private static int same(Context ctx, ExprEvaluator<BitVecExpr, BoolExpr> eval, Valuation<BitVecExpr> state,
                            InvariantParser parser, Block block, String text, BoolExpr original, List<String> problems) {
        Expr parsed;
        try {
            parsed = parser.parse(text, Set.of(block));
        } catch (WitnessError e) {
            if (!e.getMessage().contains("names several variables")) {
                problems.add(text + ": " + e.getMessage());
            }
            return 0;
        }
        Solver s = ctx.mkSolver();
        s.add(ctx.mkNot(ctx.mkEq(original, eval.truth(parsed, state))));
        if (s.check() != Status.UNSATISFIABLE) {
            problems.add(text + " reads back as " + parsed);
        }
        return 1;
    }
}
