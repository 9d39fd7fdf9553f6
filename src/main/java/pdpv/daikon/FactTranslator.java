package pdpv.daikon;

import java.math.BigInteger;
import java.util.List;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;

/**
 * Reads a {@link DaikonFact} of a loop's exit point as an {@link Invariant} at the loop's head
 * (thesis §6.1): {@code x} is x at the head, {@code orig(x)} its value on entry to the loop (for a
 * variable the loop does not change, x itself). Sums, differences, products, constant powers
 * ({@code x**2}) and {@code ~x} (= -x - 1) become polynomials; {@code ==, !=, <, <=, >, >=}
 * comparisons; {@code l == r  (mod m)} the congruence l - r ≡ 0 and {@code !=} its negation;
 * {@code t % m == r} (Daikon's {@code Even}, {@code x % 2 == 0}) the congruence t ≡ r (mod m),
 * which for r ≠ 0 is weaker than Java's {@code %} (that also says t ≥ 0); one-of sets, powers of
 * two and implications keep their shape. Division, bitwise operators other than {@code ~}, shifts
 * and function calls have no polynomial reading and are rejected, as are names that are not
 * variables of the loop.
 */
final class FactTranslator {
    /** The largest constant exponent of {@code **} expanded into a product. */
    private static final int MAX_POWER = 3;
    private final ProgramPoints points;
    private final Loop loop;

    FactTranslator(ProgramPoints points, Loop loop) {
        this.points = points;
        this.loop = loop;
    }

    Invariant invariant(DaikonFact f) {
        if (f instanceof DaikonFact.Compare c) {
            if (c.op().equals("==")) {
                Invariant congruence = remainderEquals(c.left(), c.right());
                if (congruence == null) {
                    congruence = remainderEquals(c.right(), c.left());
                }
                if (congruence != null) {
                    return congruence;
                }
            }
            return new Invariant.Compare(polynomial(c.left()), op(c.op()), polynomial(c.right()));
        }
        if (f instanceof DaikonFact.Congruence c) {
            Polynomial difference = polynomial(c.left()).minus(polynomial(c.right()));
            Invariant.Congruence congruence = congruence(difference, c.modulus(), BigInteger.ZERO);
            return c.equal() ? congruence : new Invariant.Implication(congruence, FALSE, false);
        }
        if (f instanceof DaikonFact.OneOf o) {
            return new Invariant.OneOf(polynomial(o.term()), o.values());
        }
        if (f instanceof DaikonFact.PowerOfTwo p) {
            if (!(p.term() instanceof DaikonTerm.Var v)) {
                throw new UnsupportedInvariantException("a power of 2 of a term that is not a variable");
            }
            return new Invariant.PowerOfTwo(term(v));
        }
        if (f instanceof DaikonFact.Implies i) {
            return new Invariant.Implication(invariant(i.premise()), invariant(i.conclusion()), false);
        }
        DaikonFact.Iff i = (DaikonFact.Iff) f;
        return new Invariant.Implication(invariant(i.left()), invariant(i.right()), true);
    }

    /** 0 == 1: the conclusion that makes an implication the negation of its premise. */
    private static final Invariant FALSE = new Invariant.Compare(Polynomial.constant(0), Invariant.Op.EQ, Polynomial.constant(1));

    /** {@code t % m == r} with constants m ≥ 2 and r as t ≡ r (mod m); null for any other shape. */
    private Invariant remainderEquals(DaikonTerm left, DaikonTerm right) {
        if (left instanceof DaikonTerm.Binary b && b.op().equals("%") && b.right() instanceof DaikonTerm.Num m
                && right instanceof DaikonTerm.Num r) {
            return congruence(polynomial(b.left()), m.value(), r.value());
        }
        return null;
    }

    private static Invariant.Congruence congruence(Polynomial value, BigInteger modulus, BigInteger residue) {
        if (modulus.compareTo(BigInteger.TWO) < 0) {
            throw new UnsupportedInvariantException("a congruence modulo " + modulus + " says nothing");
        }
        return new Invariant.Congruence(value, modulus, residue.mod(modulus));
    }

    private static Invariant.Op op(String symbol) {
        for (Invariant.Op o : Invariant.Op.values()) {
            if (o.symbol().equals(symbol)) {
                return o;
            }
        }
        throw new UnsupportedInvariantException("comparison " + symbol);
    }

    private Polynomial polynomial(DaikonTerm t) {
        if (t instanceof DaikonTerm.Num n) {
            return Polynomial.constant(n.value());
        }
        if (t instanceof DaikonTerm.Var v) {
            return Polynomial.of(term(v));
        }
        if (t instanceof DaikonTerm.Unary u) {
            Polynomial p = polynomial(u.operand());
            return u.op().equals("-") ? p.times(-1) : p.times(-1).minus(Polynomial.constant(1));
        }
        if (t instanceof DaikonTerm.Binary b) {
            switch (b.op()) {
                case "+":
                    return polynomial(b.left()).plus(polynomial(b.right()));
                case "-":
                    return polynomial(b.left()).minus(polynomial(b.right()));
                case "*":
                    return polynomial(b.left()).times(polynomial(b.right()));
                case "**":
                    return power(polynomial(b.left()), b.right());
                default:
                    throw new UnsupportedInvariantException("operator " + b.op() + " has no polynomial reading");
            }
        }
        DaikonTerm.Call c = (DaikonTerm.Call) t;
        throw new UnsupportedInvariantException("function " + c.function() + "(..) has no polynomial reading");
    }

    private static Polynomial power(Polynomial base, DaikonTerm exponent) {
        if (!(exponent instanceof DaikonTerm.Num n) || n.value().signum() < 0
                || n.value().compareTo(BigInteger.valueOf(MAX_POWER)) > 0) {
            throw new UnsupportedInvariantException("a power other than 0 to " + MAX_POWER);
        }
        Polynomial p = Polynomial.constant(1);
        for (int i = 0; i < n.value().intValue(); i++) {
            p = p.times(base);
        }
        return p;
    }

    /** x at the head, or with orig its value on entry: the same term when the loop does not change x. */
    private Term term(DaikonTerm.Var v) {
        Variable x = points.variable(v.name());
        if (x == null) {
            throw new UnsupportedInvariantException("no variable " + v.name() + " in this program");
        }
        List<Variable> vars = points.variables(loop);
        if (!vars.contains(x)) {
            throw new UnsupportedInvariantException(v.name() + " is not a variable of " + points.function(loop));
        }
        return new Term(x, v.orig() && loop.updated().contains(x));
    }
}
