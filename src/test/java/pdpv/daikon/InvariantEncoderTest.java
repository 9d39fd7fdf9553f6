package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * An invariant means the same in {@link Invariant#holds} and as a QF_BV formula, on random values
 * of mixed widths and signedness; printing gives C; §6.1's mapping to a loop's templates.
 */
class InvariantEncoderTest {
    private final Variable x = new Variable(1, "x", "x", CType.signedInt(), Variable.Kind.LOCAL);
    private final Variable y = new Variable(2, "y", "y", CType.unsignedInt(), Variable.Kind.LOCAL);
    private final Variable c = new Variable(3, "c", "c", new CType(CType.Kind.CHAR, 8, false), Variable.Kind.LOCAL);
    private final Term tx = new Term(x, false);
    private final Term ty = new Term(y, false);
    private final Term tc = new Term(c, false);
    private final Term ox = new Term(x, true);

    @Test
    void formulaAndEvaluationAgreeOnRandomValues() {
        Polynomial lin = Polynomial.of(tx).minus(Polynomial.of(ty).times(5)).plus(Polynomial.of(tc).times(3));
        Polynomial square = Polynomial.of(tx).times(Polynomial.of(tx)).minus(Polynomial.of(ty));
        List<Invariant> invs = List.of(
                new Invariant.Compare(lin, Invariant.Op.EQ, Polynomial.constant(2)),
                new Invariant.Compare(Polynomial.of(tx), Invariant.Op.LE, Polynomial.of(ty)),
                new Invariant.Compare(Polynomial.of(tc), Invariant.Op.GT, Polynomial.of(tx)),
                new Invariant.Compare(square, Invariant.Op.NE, Polynomial.constant(0)),
                new Invariant.Compare(Polynomial.of(tx), Invariant.Op.GE, Polynomial.constant(-3)),
                new Invariant.Congruence(Polynomial.of(tx).minus(Polynomial.of(ox)), BigInteger.valueOf(3), BigInteger.ONE),
                new Invariant.Congruence(Polynomial.of(tx), BigInteger.TWO, BigInteger.ONE),
                new Invariant.OneOf(Polynomial.of(tc), List.of(BigInteger.ONE, BigInteger.valueOf(200))),
                new Invariant.PowerOfTwo(tx),
                new Invariant.PowerOfTwo(ty),
                new Invariant.Implication(new Invariant.Compare(Polynomial.of(tx), Invariant.Op.LT, Polynomial.constant(0)),
                        new Invariant.Compare(Polynomial.of(tc), Invariant.Op.EQ, Polynomial.constant(0)), true));
        Random random = new Random(3);
        long[] corner = {0, 1, -1, 2, 3, 4, 5, Integer.MAX_VALUE, Integer.MIN_VALUE, 200, 1 << 20};
        try (Context ctx = new Context()) {
            InvariantEncoder enc = new InvariantEncoder(ctx);
            for (int round = 0; round < 300; round++) {
                Map<Term, Long> bits = new LinkedHashMap<>();
                for (Term t : List.of(tx, ty, tc, ox)) {
                    long v = random.nextBoolean() ? corner[random.nextInt(corner.length)] : random.nextLong();
                    bits.put(t, t.variable().type().normalize(v));
                }
                for (Invariant inv : invs) {
                    boolean expected = inv.holds(t -> value(t, bits.get(t)));
                    BoolExpr f = enc.formula(inv, t -> ctx.mkBV(bits.get(t), t.variable().type().width()));
                    assertEquals(expected, f.simplify().isTrue(), inv + " at " + bits);
                }
            }
        }
    }

    @Test
    void printsC() {
        Polynomial lin = Polynomial.of(tx).minus(Polynomial.of(ty).times(5));
        assertEquals("x - 5*y == 2", new Invariant.Compare(lin, Invariant.Op.EQ, Polynomial.constant(2)).toString());
        assertEquals("(x - \\old(x) - 1) % 3 == 0", new Invariant.Congruence(Polynomial.of(tx).minus(Polynomial.of(ox)),
                BigInteger.valueOf(3), BigInteger.ONE).toString());
        assertEquals("x % 2 == 0", new Invariant.Congruence(Polynomial.of(tx), BigInteger.TWO, BigInteger.ZERO).toString());
    }

    @Test
    void atTheLoopsTemplatesTheHeadInvariantHoldsIfItHeldOnEntry() {
        try (Context ctx = new Context()) {
            BitVecExpr xb = ctx.mkBVConst("x_b", 32);
            BitVecExpr xe = ctx.mkBVConst("x_e", 32);
            BitVecExpr yb = ctx.mkBVConst("y_b", 32);
            Map<Variable, BitVecExpr> before = Map.of(x, xb, y, yb);
            Map<Variable, BitVecExpr> end = Map.of(x, xe);
            InvariantEncoder enc = new InvariantEncoder(ctx);
            BoolExpr f = enc.overLoop(new Invariant.Compare(Polynomial.of(tx), Invariant.Op.LE, Polynomial.of(ty)), before, end);
            assertTrue(f.isImplies(), "x <= y at the head: x_b <= y_b => x_e <= y_b");
            BoolExpr change = enc.overLoop(new Invariant.Compare(Polynomial.of(tx), Invariant.Op.GE, Polynomial.of(ox)), before, end);
            assertFalse(change.isImplies(), "x >= \\old(x) needs no premise");
            BoolExpr atI = (BoolExpr) f.substitute(xe, xb).simplify();
            assertTrue(atI.isTrue(), "holds where x_e = x_b");
        }
    }

    private static BigInteger value(Term t, long bits) {
        CType type = t.variable().type();
        return !type.signed() && type.width() == 64 ? new BigInteger(Long.toUnsignedString(bits)) : BigInteger.valueOf(type.toLong(bits));
    }
}
