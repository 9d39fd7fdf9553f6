package pdpv.interp.abstraction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.BitConstraint;
import pdpv.domain.Bits;
import pdpv.semantics.BitVec;
import pdpv.semantics.BitVectorAlgebra;
import pdpv.semantics.ConcreteAlgebra;

/**
 * Soundness of the hybrid domain (thesis §3.3.3) against {@link ConcreteAlgebra}: for random
 * abstract values of widths 1..16 and random members, every operation's concrete result is a
 * member of its abstract result, and the lattice operations contain what they must.
 */
class HybridAlgebraSoundnessTest {
    private static final int CASES = 10_000;
    private final HybridAlgebra abs = new HybridAlgebra();
    private final ConcreteAlgebra con = new ConcreteAlgebra();

    private interface Op<V, B> {
        V apply(BitVectorAlgebra<V, B> alg, V a, V b);
    }

    private static <V, B> Map<String, Op<V, B>> valueOps() {
        Map<String, Op<V, B>> ops = new LinkedHashMap<>();
        ops.put("add", (alg, a, b) -> alg.add(a, b));
        ops.put("sub", (alg, a, b) -> alg.sub(a, b));
        ops.put("mul", (alg, a, b) -> alg.mul(a, b));
        ops.put("neg", (alg, a, b) -> alg.neg(a));
        ops.put("udiv", (alg, a, b) -> alg.udiv(a, b));
        ops.put("sdiv", (alg, a, b) -> alg.sdiv(a, b));
        ops.put("urem", (alg, a, b) -> alg.urem(a, b));
        ops.put("srem", (alg, a, b) -> alg.srem(a, b));
        ops.put("shl", (alg, a, b) -> alg.shl(a, b));
        ops.put("lshr", (alg, a, b) -> alg.lshr(a, b));
        ops.put("ashr", (alg, a, b) -> alg.ashr(a, b));
        ops.put("and", (alg, a, b) -> alg.and(a, b));
        ops.put("or", (alg, a, b) -> alg.or(a, b));
        ops.put("xor", (alg, a, b) -> alg.xor(a, b));
        ops.put("not", (alg, a, b) -> alg.not(a));
        ops.put("ite-eq", (alg, a, b) -> alg.ite(alg.eq(a, b), a, b));
        ops.put("ite-slt", (alg, a, b) -> alg.ite(alg.slt(a, b), b, a));
        ops.put("ite-ule", (alg, a, b) -> alg.ite(alg.lor(alg.ule(a, b), alg.lnot(alg.ult(b, a))), a, b));
        return ops;
    }

    private static <V, B> Map<String, BiFunction<V, V, B>> truthOps(BitVectorAlgebra<V, B> alg) {
        Map<String, BiFunction<V, V, B>> ops = new LinkedHashMap<>();
        ops.put("eq", alg::eq);
        ops.put("ult", alg::ult);
        ops.put("ule", alg::ule);
        ops.put("slt", alg::slt);
        ops.put("sle", alg::sle);
        ops.put("and-slt-ult", (a, b) -> alg.land(alg.slt(a, b), alg.ult(a, b)));
        return ops;
    }

    @Test
    void everyOperationContainsTheConcreteResult() {
        Samples s = new Samples(4711);
        Map<String, Op<AbstractValue, AbstractTruth>> absOps = valueOps();
        Map<String, Op<BitVec, Boolean>> conOps = valueOps();
        Map<String, BiFunction<AbstractValue, AbstractValue, AbstractTruth>> absTruth = truthOps(abs);
        Map<String, BiFunction<BitVec, BitVec, Boolean>> conTruth = truthOps(con);
        for (int n = 0; n < CASES; n++) {
            int w = s.width();
            AbstractValue a = s.value(w);
            AbstractValue b = s.value(w);
            BitVec x = new BitVec(s.member(a), w);
            BitVec y = new BitVec(s.member(b), w);
            String where = " for a=" + a + " b=" + b + " x=" + x + " y=" + y;
            for (String name : absOps.keySet()) {
                AbstractValue r = absOps.get(name).apply(abs, a, b);
                BitVec c = conOps.get(name).apply(con, x, y);
                assertEquals(w, r.width(), name + where);
                assertTrue(r.contains(c.bits()), name + " gave " + r + " without " + c + where);
            }
            for (String name : absTruth.keySet()) {
                AbstractTruth t = absTruth.get(name).apply(a, b);
                assertTrue(t.admits(conTruth.get(name).apply(x, y)), name + " gave " + t + where);
            }
            int extra = s.random().nextInt(65 - w);
            assertTrue(abs.zeroExtend(a, extra).contains(con.zeroExtend(x, extra).bits()), "zext " + extra + where);
            assertTrue(abs.signExtend(a, extra).contains(con.signExtend(x, extra).bits()), "sext " + extra + where);
            int low = s.random().nextInt(w);
            int high = low + s.random().nextInt(w - low);
            assertTrue(abs.extract(a, high, low).contains(con.extract(x, high, low).bits()),
                    "extract " + high + ":" + low + where);
        }
    }

    @Test
    void latticeOperationsContainTheirMembers() {
        Samples s = new Samples(815);
        for (int n = 0; n < CASES; n++) {
            int w = s.width();
            AbstractValue a = s.value(w);
            AbstractValue b = s.value(w);
            long x = s.member(a);
            long y = s.member(b);
            String where = " for a=" + a + " b=" + b + " x=" + x + " y=" + y;
            assertTrue(a.contains(x) && a.toInterval().contains(x) && a.toTernary().contains(x), "conversions" + where);
            AbstractValue join = AbstractValue.join(a, b);
            assertTrue(join.contains(x) && join.contains(y), "join " + join + where);
            AbstractValue widened = AbstractValue.widen(a, b);
            assertTrue(widened.contains(x) && widened.contains(y), "widen " + widened + where);
            Optional<AbstractValue> meet = AbstractValue.meet(a, b);
            if (b.contains(x)) {
                assertTrue(meet.isPresent() && meet.get().contains(x), "meet " + meet + where);
            }
            assertEquals(meet.isEmpty(), AbstractValue.isDisjoint(a, b), "disjoint vs meet" + where);
            if (AbstractValue.isDisjoint(a, b)) {
                assertTrue(!b.contains(x) && !a.contains(y), "disjoint" + where);
            }
        }
    }

    @Test
    void disjointnessIsExactOnSmallWidths() {
        Samples s = new Samples(99);
        for (int n = 0; n < 3_000; n++) {
            int w = 1 + s.random().nextInt(8);
            AbstractValue a = s.value(w);
            AbstractValue b = s.value(w);
            boolean common = false;
            for (long v = 0; v <= Bits.mask(w); v++) {
                common |= a.contains(v) && b.contains(v);
            }
            assertEquals(!common, AbstractValue.isDisjoint(a, b), a + " and " + b);
        }
    }

    @Test
    void constraintsDescribeExactlyTheSet() {
        Samples s = new Samples(7);
        for (int n = 0; n < CASES; n++) {
            int w = s.width();
            AbstractValue a = s.value(w);
            boolean preferSigned = s.random().nextBoolean();
            BitConstraint c = a.constraint(preferSigned);
            long x = s.random().nextBoolean() ? s.member(a) : s.bits(w);
            assertEquals(a.contains(x), c.holds(x), a + " vs " + c + " at " + x);
        }
    }
}
