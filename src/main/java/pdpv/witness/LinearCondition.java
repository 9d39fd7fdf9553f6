package pdpv.witness;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * A comparison of linear sums over several variables (a polytope row of the PDR engine, thesis
 * §3.2.2, or a mined linear relation, §6.1) written as a person writes it (issue 21): each side a
 * sum with positive coefficients, {@code 1 *} left out, a subtraction for a negative one, and an
 * equality solved for a variable of coefficient one, the one that leaves the fewest subtractions
 * ({@code i == a + b + c} rather than {@code -b - c + i == a}). The sums are read through casts and
 * modular constants as integer ones: this is a guess at the text, never a claim; {@link PlainInvariants}
 * keeps a text only where it reads it back and shows it equivalent and defined, trying the plain
 * {@code int} arithmetic first, then a sum in {@code long long}, then one in the comparison's own
 * unsigned type.
 */
final class LinearCondition {
    private final Map<Variable, BigInteger> coefficients = new LinkedHashMap<>();
    /** The variables of the comparison's left operand: an equality solved for one of them keeps its orientation. */
    private final java.util.Set<Variable> leftOperand = new java.util.HashSet<>();
    private BigInteger constant = BigInteger.ZERO;

    private LinearCondition() {
    }

    /**
     * The texts to try for {@code e}, plainest first, when it compares linear sums over two or more
     * variables; an empty list otherwise. {@code rank} orders the variables as the program declares them.
     */
    static List<String> candidates(Expr e, ToIntFunction<Variable> rank) {
        if (!(e instanceof Expr.Binary b) || !b.op().isComparison()) {
            return List.of();
        }
        LinearCondition l = new LinearCondition();
        if (!l.add(b.left(), BigInteger.ONE)) {
            return List.of();
        }
        l.leftOperand.addAll(l.coefficients.keySet());
        if (!l.add(b.right(), BigInteger.ONE.negate())) {
            return List.of();
        }
        l.coefficients.values().removeIf(c -> c.signum() == 0);
        if (l.coefficients.size() < 2) {
            return List.of();
        }
        List<Variable> vars = new ArrayList<>(l.coefficients.keySet());
        vars.sort(Comparator.comparingInt(rank));
        List<String> out = new ArrayList<>();
        CType operands = b.operandType();
        for (String cast : casts(operands)) {
            out.add(l.text(b.op(), vars, cast));
        }
        return out;
    }

    /** No cast, a sum in {@code long long}, a sum in the comparison's own unsigned type (C's wrapping). */
    private static List<String> casts(CType operands) {
        List<String> out = new ArrayList<>(List.of("", "(long long)"));
        if (!operands.signed()) {
            out.add("(" + PlainC.typeName(operands) + ")");
        }
        return out;
    }

    /** Σ c_i·x_i + k op 0 as {@code left op right}, both sides' first term of a sum cast to {@code cast}. */
    private String text(BinaryOp op, List<Variable> vars, String cast) {
        Variable pivot = op == BinaryOp.EQ || op == BinaryOp.NE ? pivot(vars) : null;
        if (pivot != null) {
            // pivot == the others: the sum with the pivot's coefficient made +1 on the left
            BigInteger sign = coefficients.get(pivot).signum() > 0 ? BigInteger.ONE : BigInteger.ONE.negate();
            List<Variable> right = new ArrayList<>(vars);
            right.remove(pivot);
            return pivot.sourceName() + " " + op.symbol() + " " + sum(right, sign.negate(), constant.multiply(sign).negate(), cast);
        }
        List<Variable> left = new ArrayList<>();
        List<Variable> right = new ArrayList<>();
        for (Variable v : vars) {
            (coefficients.get(v).signum() > 0 ? left : right).add(v);
        }
        String l = sum(left, BigInteger.ONE, constant.signum() > 0 ? constant : BigInteger.ZERO, cast);
        String r = sum(right, BigInteger.ONE.negate(), constant.signum() < 0 ? constant.negate() : BigInteger.ZERO, cast);
        return l + " " + op.symbol() + " " + r;
    }

    /**
     * The variable of coefficient ±1 whose side, solved for, has the most terms of positive sign,
     * of the comparison's left operand where several have as many; null if none.
     */
    private Variable pivot(List<Variable> vars) {
        Variable best = null;
        int bestPositive = -1;
        for (Variable v : vars) {
            BigInteger c = coefficients.get(v);
            if (c.abs().equals(BigInteger.ONE)) {
                int positive = 0;
                for (Variable w : vars) {
                    // w's coefficient on the other side of v == ... is -c_w / c_v
                    positive += w != v && coefficients.get(w).signum() != c.signum() ? 1 : 0;
                }
                if (positive > bestPositive || positive == bestPositive && leftOperand.contains(v) && !leftOperand.contains(best)) {
                    best = v;
                    bestPositive = positive;
                }
            }
        }
        return best;
    }

    /** Σ factor·c_v·v + k, the positive terms first, a negative one as a subtraction; "0" if empty. */
    private String sum(List<Variable> vars, BigInteger factor, BigInteger k, String cast) {
        List<Variable> ordered = new ArrayList<>();
        vars.stream().filter(v -> coefficients.get(v).multiply(factor).signum() > 0).forEach(ordered::add);
        vars.stream().filter(v -> coefficients.get(v).multiply(factor).signum() < 0).forEach(ordered::add);
        boolean several = ordered.size() + (k.signum() != 0 ? 1 : 0) > 1;
        StringBuilder s = new StringBuilder();
        for (Variable v : ordered) {
            BigInteger c = coefficients.get(v).multiply(factor);
            String term = (c.abs().equals(BigInteger.ONE) ? "" : c.abs() + " * ") + (s.length() == 0 && several ? cast : "") + v.sourceName();
            if (s.length() == 0) {
                s.append(c.signum() < 0 ? "-" : "").append(term);
            } else {
                s.append(c.signum() < 0 ? " - " : " + ").append(term);
            }
        }
        if (k.signum() != 0) {
            s.append(s.length() == 0 ? k.toString() : (k.signum() < 0 ? " - " + k.negate() : " + " + k));
        }
        return s.length() == 0 ? "0" : s.toString();
    }

    /** Adds factor·e; false if {@code e} is no linear sum of variables. */
    private boolean add(Expr e, BigInteger factor) {
        if (e instanceof Expr.Const c) {
            constant = constant.add(integer(c).multiply(factor));
            return true;
        }
        if (e instanceof Expr.VarRef r) {
            if (!CText.named(r.variable())) {
                return false;
            }
            coefficients.merge(r.variable(), factor, BigInteger::add);
            return true;
        }
        if (e instanceof Expr.Cast c) {
            return c.type().width() >= 8 && add(c.operand(), factor);
        }
        if (e instanceof Expr.Unary u && u.op() == pdpv.semantics.UnaryOp.NEG) {
            return add(u.operand(), factor.negate());
        }
        if (e instanceof Expr.Binary b) {
            return switch (b.op()) {
                case ADD -> add(b.left(), factor) && add(b.right(), factor);
                case SUB -> add(b.left(), factor) && add(b.right(), factor.negate());
                case MUL -> b.left() instanceof Expr.Const l ? add(b.right(), factor.multiply(integer(l)))
                        : b.right() instanceof Expr.Const r && add(b.left(), factor.multiply(integer(r)));
                default -> false;
            };
        }
        return false;
    }

    /** A constant as the integer it most likely stands for: an unsigned one in the upper half of its type is negative. */
    private static BigInteger integer(Expr.Const c) {
        CType t = c.type();
        BigInteger v = new BigInteger(Long.toUnsignedString(c.bits()));
        int w = t.width();
        v = v.mod(BigInteger.ONE.shiftLeft(w));
        return v.testBit(w - 1) ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v;
    }
}
