package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;
import pdpv.testing.Gcc;
import pdpv.witness.InvariantSelection;

/**
 * The certificate's C text means what the invariant means: random formulas in the shapes the
 * engine and the candidate invariants produce (cube bits, polytope rows over sign-extended
 * variables, rows and equalities over the zero-extended values of unsigned variables, as C promotes
 * them in the mined invariants, comparisons, implications) over variables of six integer types of 8 to 32 bits (the engine's widths) are printed, and the
 * printed C, compiled by gcc, is evaluated on random values and compared with Z3's value of the
 * formula.
 */
class InvariantPrinterDifferentialTest {
    private static final String PROGRAM = """
            int main(void) {
                int a = __VERIFIER_nondet_int();
                unsigned b = __VERIFIER_nondet_uint();
                short c = __VERIFIER_nondet_short();
                signed char d = __VERIFIER_nondet_char();
                unsigned short e = __VERIFIER_nondet_ushort();
                unsigned char f = __VERIFIER_nondet_uchar();
                while (a < 10) { a++; b++; c++; d++; e++; f++; }
                return 0;
            }
            """;
    private static final int FORMULAS = 800;
    private static final int VALUATIONS = 4;

    @Test
    void printedCertificateAgreesWithTheFormula(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: certificate printing differential test skipped");
        Path source = dir.resolve("loop.c");
        Files.writeString(source, PROGRAM);
        Program program = FrontEnd.parse(source, new FrontEndOptions("main", DataModel.ILP32, false));
        Loop loop = LoopForest.of(program).loops().get(0);
        Random rnd = new Random(7);
        try (Context ctx = new Context()) {
            LoopInvariantStore.Templates t = new LoopInvariantStore(ctx, program.semantics()).templates(loop);
            InvariantPrinter printer = new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE);
            List<Variable> vars = new ArrayList<>(t.end().keySet());
            List<BitVecExpr> terms = new ArrayList<>();
            List<String> cNames = new ArrayList<>();
            List<Boolean> signed = new ArrayList<>();
            for (Variable v : vars) {
                terms.add(t.before().get(v).current());
                cNames.add("old_" + v.sourceName());
                terms.add(t.end().get(v).current());
                cNames.add(v.sourceName());
                signed.add(v.type().signed());
                signed.add(v.type().signed());
            }
            RandomInvariants gen = new RandomInvariants(ctx, terms, signed, rnd);
            StringBuilder c = new StringBuilder("#include <stdio.h>\nint main(void) {\n");
            List<String> expected = new ArrayList<>();
            List<String> printed = new ArrayList<>();
            for (int f = 0; f < FORMULAS; f++) {
                BoolExpr formula = gen.formula(f % 4);
                String text = printer.print(formula).replaceAll("\\\\old\\((\\w+)\\)", "old_$1");
                assertTrue(!text.contains("smt:"), "every generated shape prints as C: " + text);
                printed.add(text);
                for (int k = 0; k < VALUATIONS; k++) {
                    long[] values = new long[terms.size()];
                    c.append("  {\n");
                    for (int i = 0; i < terms.size(); i++) {
                        int w = terms.get(i).getSortSize();
                        values[i] = interesting(rnd, w);
                        c.append("    ").append(cType(vars.get(i / 2))).append(' ').append(cNames.get(i))
                                .append(" = (").append(cType(vars.get(i / 2))).append(")").append(Long.toUnsignedString(values[i]))
                                .append("ull;\n");
                    }
                    c.append("    printf(\"%d\\n\", (").append(text).append(") ? 1 : 0);\n  }\n");
                    expected.add(z3Value(ctx, formula, terms, values) + " " + f);
                }
            }
            c.append("  return 0;\n}\n");
            List<String> gcc = Gcc.compileAndRun(dir, "eval", c.toString());
            assertEquals(expected.size(), gcc.size(), "gcc program output");
            for (int i = 0; i < expected.size(); i++) {
                String[] e = expected.get(i).split(" ");
                int f = Integer.parseInt(e[1]);
                assertEquals(e[0], gcc.get(i), "case " + i + ": printed " + printed.get(f));
            }
        }
    }

    /**
     * Invariants over the head's state for the plain printing of the witness writer: 48 keep the
     * test near 30 s on a quiet machine (each is rewritten with a few hundred solver checks) while
     * every shape of the generator comes up several times.
     */
    private static final int PLAIN_FORMULAS = 48;

    /**
     * The plain invariant (issue 21: ranges and masks for bits, implied conjuncts dropped, casts only
     * where C's conversions change a value) means the certificate's formula: random conjunctions in
     * the shapes the head projection prints (cube bits of one variable, bounds, rows, comparisons,
     * disjunctions of them) are printed, written plainly by the witness writer, and the plain C is
     * evaluated by gcc under UBSan (no {@code -fwrapv}: an overflow the plain text leaves in fails the
     * test) on random states and on states the formula allows, against Z3's value of the formula.
     */
    @Test
    void plainInvariantAgreesWithTheFormula(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: plain invariant differential test skipped");
        Path source = dir.resolve("loop.c");
        Files.writeString(source, PROGRAM);
        Program program = FrontEnd.parse(source, new FrontEndOptions("main", DataModel.ILP32, false));
        Loop loop = LoopForest.of(program).loops().get(0);
        Random rnd = new Random(11);
        try (Context ctx = new Context()) {
            LoopInvariantStore.Templates t = new LoopInvariantStore(ctx, program.semantics()).templates(loop);
            InvariantPrinter printer = new InvariantPrinter(ctx, t.end(), pdpv.cfg.Addresses.NONE);
            List<Variable> vars = new ArrayList<>(t.end().keySet());
            List<BitVecExpr> terms = new ArrayList<>();
            List<Boolean> signed = new ArrayList<>();
            for (Variable v : vars) {
                terms.add(t.end().get(v).current());
                signed.add(v.type().signed());
            }
            RandomInvariants gen = new RandomInvariants(ctx, terms, signed, rnd);
            StringBuilder c = new StringBuilder("#include <stdio.h>\nint main(void) {\n");
            List<String> expected = new ArrayList<>();
            List<String> printed = new ArrayList<>();
            int shorter = 0;
            for (int f = 0; f < PLAIN_FORMULAS; f++) {
                BoolExpr formula = gen.headInvariant();
                String text = printer.print(formula);
                assertTrue(!text.contains("smt:"), "every generated shape prints as C: " + text);
                String plain = InvariantSelection.plain(program, loop.head().loopStatement(), text);
                shorter += plain.length() < text.length() ? 1 : 0;
                printed.add(text + "\n   plain: " + plain);
                for (long[] values : states(ctx, rnd, formula, terms)) {
                    c.append("  {\n");
                    for (int i = 0; i < terms.size(); i++) {
                        c.append("    ").append(cType(vars.get(i))).append(' ').append(vars.get(i).sourceName())
                                .append(" = (").append(cType(vars.get(i))).append(")").append(Long.toUnsignedString(values[i]))
                                .append("ull;\n");
                    }
                    c.append("    printf(\"%d\\n\", (").append(plain).append(") ? 1 : 0);\n  }\n");
                    expected.add(z3Value(ctx, formula, terms, values) + " " + f);
                }
            }
            c.append("  return 0;\n}\n");
            List<String> gcc = Gcc.compileAndRunUndefinedChecked(dir, "plain", c.toString());
            assertEquals(expected.size(), gcc.size(), "gcc program output");
            for (int i = 0; i < expected.size(); i++) {
                String[] e = expected.get(i).split(" ");
                int f = Integer.parseInt(e[1]);
                assertEquals(e[0], gcc.get(i), "case " + i + ": printed " + printed.get(f));
            }
            assertTrue(shorter > PLAIN_FORMULAS / 4, "the plain text is shorter for many formulas: " + shorter);
        }
    }

    /** States to evaluate a formula on: random ones (mostly outside it) and models of it, near random values. */
    private static List<long[]> states(Context ctx, Random rnd, BoolExpr formula, List<BitVecExpr> terms) {
        List<long[]> out = new ArrayList<>();
        for (int k = 0; k < VALUATIONS; k++) {
            long[] values = new long[terms.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = interesting(rnd, terms.get(i).getSortSize());
            }
            out.add(values);
        }
        com.microsoft.z3.Solver solver = ctx.mkSolver();
        solver.add(formula);
        for (int k = 0; k < VALUATIONS; k++) {
            solver.push();
            BitVecExpr x = terms.get(rnd.nextInt(terms.size()));
            solver.add(ctx.mkBVULE(ctx.mkBV(Long.toUnsignedString(interesting(rnd, x.getSortSize())), x.getSortSize()), x));
            if (solver.check() == com.microsoft.z3.Status.SATISFIABLE) {
                long[] values = new long[terms.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = ((com.microsoft.z3.BitVecNum) solver.getModel().eval(terms.get(i), true)).getBigInteger().longValue();
                }
                out.add(values);
            }
            solver.pop();
        }
        return out;
    }

    private static String z3Value(Context ctx, BoolExpr formula, List<BitVecExpr> terms, long[] values) {
        Expr<?>[] from = terms.toArray(new Expr<?>[0]);
        Expr<?>[] to = new Expr<?>[terms.size()];
        for (int i = 0; i < to.length; i++) {
            int w = terms.get(i).getSortSize();
            to[i] = ctx.mkBV(new BigInteger(Long.toUnsignedString(values[i])).mod(BigInteger.ONE.shiftLeft(w)).toString(), w);
        }
        Expr<?> v = formula.substitute(from, to).simplify();
        assertTrue(v.isTrue() || v.isFalse(), "closed formula simplifies to a constant: " + v);
        return v.isTrue() ? "1" : "0";
    }

    /** Values near the edges of the type as often as anywhere else. */
    private static long interesting(Random rnd, int w) {
        long mask = w == 64 ? -1L : (1L << w) - 1;
        long[] edges = {0, 1, 2, mask, mask - 1, 1L << (w - 1), (1L << (w - 1)) - 1, (1L << (w - 1)) + 1};
        long v = rnd.nextBoolean() ? edges[rnd.nextInt(edges.length)] : rnd.nextLong() >> rnd.nextInt(w);
        return v & mask;
    }

    private static String cType(Variable v) {
        String name = switch (v.type().width()) {
            case 8 -> "char";
            case 16 -> "short";
            case 32 -> "int";
            default -> "int";
        };
        return (v.type().signed() ? "signed " : "unsigned ") + name;
    }

    /** Random formulas in the shapes of the PDR engine's lemmas and of the candidate invariants. */
    private record RandomInvariants(Context ctx, List<BitVecExpr> terms, List<Boolean> signed, Random rnd) {
        BoolExpr formula(int depth) {
            if (depth == 0) {
                return atom();
            }
            return switch (rnd.nextInt(4)) {
                case 0 -> ctx.mkAnd(formula(depth - 1), formula(depth - 1));
                case 1 -> ctx.mkOr(formula(depth - 1), formula(depth - 1));
                case 2 -> ctx.mkNot(formula(depth - 1));
                default -> ctx.mkImplies(formula(depth - 1), formula(depth - 1));
            };
        }

        private BoolExpr atom() {
            return switch (rnd.nextInt(7)) {
                case 0 -> cubeBit();
                case 1 -> polytopeRow();
                case 2 -> comparison();
                case 3 -> wideSum();
                case 4 -> promotedComparison();
                case 5 -> mixedRow();
                default -> ctx.mkTrue();
            };
        }

        /** A conjunction of one to four parts in the shapes a loop-head invariant has after projection. */
        BoolExpr headInvariant() {
            int n = 1 + rnd.nextInt(4);
            List<BoolExpr> parts = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                parts.add(switch (rnd.nextInt(7)) {
                    case 0 -> bitGroup();
                    case 5 -> linearEquality();
                    case 1 -> bounds();
                    case 2 -> formula(0);
                    case 3 -> ctx.mkOr(rnd.nextBoolean() ? cubeBit() : bounds(), atom());
                    case 4 -> ctx.mkAnd(bounds(), formula(rnd.nextInt(2)));
                    default -> formula(1);
                });
            }
            return ctx.mkAnd(parts.toArray(new BoolExpr[0]));
        }

        /** Bits of one variable as the cubes of a range say them: its top bits fixed, and now and then a low one. */
        private BoolExpr bitGroup() {
            BitVecExpr x = term();
            int w = x.getSortSize();
            int from = 1 + rnd.nextInt(w - 1);
            List<BoolExpr> bits = new ArrayList<>();
            int top = rnd.nextInt(2);
            for (int b = from; b < w; b++) {
                bits.add(ctx.mkEq(ctx.mkExtract(b, b, x), ctx.mkBV(b == w - 1 ? top : rnd.nextInt(4) == 0 ? 1 - top : top, 1)));
            }
            if (rnd.nextBoolean()) {
                bits.add(ctx.mkEq(ctx.mkExtract(0, 0, x), ctx.mkBV(rnd.nextInt(2), 1)));
            }
            return ctx.mkAnd(bits.toArray(new BoolExpr[0]));
        }

        /**
         * Σ a_i · sext(x_i) == b over two or three distinct variables, the a_i mostly ±1, at 64 bits
         * (the certificate's wrapped row in unsigned long long) or at 32 (C's int arithmetic wrapping):
         * the relations {@code LinearCondition} solves for one variable.
         */
        private BoolExpr linearEquality() {
            int width = rnd.nextBoolean() ? 64 : 32;
            BitVecExpr sum = ctx.mkBV(rnd.nextInt(7) - 3, width);
            List<Integer> order = new ArrayList<>(java.util.stream.IntStream.range(0, terms.size()).boxed().toList());
            java.util.Collections.shuffle(order, rnd);
            int n = 2 + rnd.nextInt(2);
            for (int i = 0; i < n; i++) {
                BitVecExpr x = terms.get(order.get(i));
                BitVecExpr ext = x.getSortSize() == width ? x
                        : signed.get(order.get(i)) ? ctx.mkSignExt(width - x.getSortSize(), x) : ctx.mkZeroExt(width - x.getSortSize(), x);
                int a = rnd.nextInt(4) == 0 ? rnd.nextInt(7) - 3 : rnd.nextBoolean() ? 1 : -1;
                sum = ctx.mkBVAdd(sum, ctx.mkBVMul(ctx.mkBV(a, width), ext));
            }
            return ctx.mkEq(sum, ctx.mkBV(0, width));
        }

        /** c1 <= x and x <= c2 in x's signedness, near zero or near the edges of its type. */
        private BoolExpr bounds() {
            int i = rnd.nextInt(terms.size());
            BitVecExpr x = terms.get(i);
            int w = x.getSortSize();
            long a = rnd.nextBoolean() ? rnd.nextInt(41) - 20 : interesting(rnd, w);
            long b = rnd.nextBoolean() ? a + rnd.nextInt(300) : interesting(rnd, w);
            BitVecExpr lo = ctx.mkBV(Long.toUnsignedString(a & (w == 64 ? -1L : (1L << w) - 1)), w);
            BitVecExpr hi = ctx.mkBV(Long.toUnsignedString(b & (w == 64 ? -1L : (1L << w) - 1)), w);
            return signed.get(i) ? ctx.mkAnd(ctx.mkBVSLE(lo, x), ctx.mkBVSLE(x, hi)) : ctx.mkAnd(ctx.mkBVULE(lo, x), ctx.mkBVULE(x, hi));
        }

        private BitVecExpr term() {
            return terms.get(rnd.nextInt(terms.size()));
        }

        private BoolExpr cubeBit() {
            BitVecExpr x = term();
            int bit = rnd.nextInt(x.getSortSize());
            return ctx.mkEq(ctx.mkExtract(bit, bit, x), ctx.mkBV(rnd.nextInt(2), 1));
        }

        /** Σ a_i · sext(x_i) ≤ b at a width a few bits above the widest variable, as §3.2.2 encodes rows. */
        private BoolExpr polytopeRow() {
            int width = 32 + 1 + rnd.nextInt(4);
            BitVecExpr sum = ctx.mkBV(0, width);
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                BitVecExpr x = term();
                long a = rnd.nextInt(4) == 0 ? rnd.nextLong() >> (64 - width + rnd.nextInt(width)) : rnd.nextInt(7) - 3;
                sum = ctx.mkBVAdd(sum, ctx.mkBVMul(ctx.mkBV(Long.toString(a), width), ctx.mkSignExt(width - x.getSortSize(), x)));
            }
            long bound = rnd.nextBoolean() ? rnd.nextInt(21) - 10 : rnd.nextLong() >> (64 - width + rnd.nextInt(width));
            return ctx.mkBVSLE(sum, ctx.mkBV(Long.toString(bound), width));
        }

        private BoolExpr comparison() {
            BitVecExpr x = term();
            BitVecExpr y = sameWidth(x);
            return switch (rnd.nextInt(4)) {
                case 0 -> ctx.mkBVSLE(x, y);
                case 1 -> ctx.mkBVSLT(x, y);
                case 2 -> ctx.mkBVULE(x, y);
                default -> ctx.mkBVULT(x, ctx.mkBV(rnd.nextInt(300), x.getSortSize()));
            };
        }

        /** x + y ≥ 1 one bit wider than x and y, as the candidate invariants compute sums. */
        private BoolExpr wideSum() {
            BitVecExpr x = term();
            BitVecExpr y = sameWidth(x);
            BitVecExpr sum = ctx.mkBVAdd(ctx.mkSignExt(1, x), ctx.mkSignExt(1, y));
            return ctx.mkBVSLE(ctx.mkBV(1, x.getSortSize() + 1), sum);
        }

        /**
         * Two variables extended to 32 bits as C promotes them (zero extension, or Z3's simplified
         * form of it, for an unsigned type; sign extension for a signed one), or now and then the
         * other way, compared.
         */
        private BoolExpr promotedComparison() {
            BitVecExpr x = extended(rnd.nextInt(terms.size()), 32);
            BitVecExpr y = extended(rnd.nextInt(terms.size()), 32);
            return switch (rnd.nextInt(4)) {
                case 0 -> ctx.mkEq(x, y);
                case 1 -> ctx.mkNot(ctx.mkEq(x, y));
                case 2 -> ctx.mkBVSLE(x, y);
                default -> ctx.mkBVULT(x, y);
            };
        }

        /**
         * A row Σ a_i · ext(x_i) ≤ b over distinct variables extended as C promotes them (now and
         * then the other way), a few bits above 32.
         */
        private BoolExpr mixedRow() {
            int width = 32 + 1 + rnd.nextInt(4);
            BitVecExpr sum = ctx.mkBV(rnd.nextInt(301) - 150, width);
            List<Integer> order = new ArrayList<>(java.util.stream.IntStream.range(0, terms.size()).boxed().toList());
            java.util.Collections.shuffle(order, rnd);
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                sum = ctx.mkBVAdd(sum, ctx.mkBVMul(ctx.mkBV(rnd.nextInt(7) - 3, width), extended(order.get(i), width)));
            }
            return ctx.mkBVSLE(sum, ctx.mkBV(rnd.nextInt(21) - 10, width));
        }

        private BitVecExpr extended(int i, int width) {
            BitVecExpr x = terms.get(i);
            int extra = width - x.getSortSize();
            if (extra == 0) {
                return x;
            }
            boolean zero = signed.get(i) == (rnd.nextInt(4) == 0);
            if (!zero) {
                return ctx.mkSignExt(extra, x);
            }
            return rnd.nextBoolean() ? ctx.mkZeroExt(extra, x) : ctx.mkConcat(ctx.mkBV(0, extra), x);
        }

        private BitVecExpr sameWidth(BitVecExpr x) {
            List<BitVecExpr> same = terms.stream().filter(t -> t.getSortSize() == x.getSortSize()).toList();
            return same.get(rnd.nextInt(same.size()));
        }
    }
}
