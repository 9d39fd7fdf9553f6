package pdpv.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.interp.Ir.BOOL;
import static pdpv.interp.Ir.INT;
import static pdpv.interp.Ir.SCHAR;
import static pdpv.interp.Ir.SEM;
import static pdpv.interp.Ir.SHORT;
import static pdpv.interp.Ir.UCHAR;
import static pdpv.interp.Ir.UINT;
import static pdpv.interp.Ir.USHORT;
import static pdpv.interp.Ir.bin;
import static pdpv.interp.Ir.c;
import static pdpv.interp.Ir.cast;
import static pdpv.interp.Ir.ref;
import static pdpv.interp.Ir.var;

import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.BitVec;
import pdpv.semantics.UnaryOp;

/** Expression evaluation for the interpreter of thesis §4.3.2, with C's meaning from CSemantics. */
class EvaluatorTest {
    private final Evaluator evaluator = new Evaluator(SEM);
    private final State empty = State.of(java.util.Map.of());

    private long eval(Expr e, State s) {
        return evaluator.evaluate(e, s).bits();
    }

    private long eval(Expr e) {
        return eval(e, empty);
    }

    @Test
    void signedDivisionTruncatesTowardZero() {
        assertEquals(0xFFFF_FFFDL, eval(bin(BinaryOp.DIV, c(INT, -7), c(INT, 2))));
        assertEquals(0xFFFF_FFFFL, eval(bin(BinaryOp.REM, c(INT, -7), c(INT, 2))));
        assertEquals(0xFFFF_FFFDL, eval(bin(BinaryOp.DIV, c(INT, 7), c(INT, -2))));
        assertEquals(1, eval(bin(BinaryOp.REM, c(INT, 7), c(INT, -2))));
        assertEquals(0x7FFF_FFFCL, eval(bin(BinaryOp.DIV, c(UINT, -7), c(UINT, 2))));
        assertEquals(0x8000_0000L, eval(bin(BinaryOp.DIV, c(INT, 0x8000_0000L), c(INT, -1))));
        assertEquals(0xFFFF_FFFFL, eval(bin(BinaryOp.DIV, c(INT, 5), c(INT, 0))));
        assertEquals(1, eval(bin(BinaryOp.DIV, c(INT, -5), c(INT, 0))));
    }

    @Test
    void signedOverflowWrapsAndShiftsFollowSignedness() {
        assertEquals(0x8000_0000L, eval(bin(BinaryOp.ADD, c(INT, 0x7FFF_FFFFL), c(INT, 1))));
        assertEquals(0xFFFF_FFFEL, eval(bin(BinaryOp.SHR, c(INT, -4), c(INT, 1))));
        assertEquals(0x7FFF_FFFEL, eval(bin(BinaryOp.SHR, c(UINT, -4), c(UINT, 1))));
        assertEquals(0, eval(bin(BinaryOp.SHL, c(INT, 1), c(INT, 32))));
    }

    @Test
    void charAndShortArePromotedThroughExplicitCasts() {
        Variable sc = var("sc", SCHAR);
        Variable uc = var("uc", UCHAR);
        Variable s = var("s", SHORT);
        Variable us = var("us", USHORT);
        State state = State.of(Map.of(sc, -1L, uc, 255L, s, 40_000L, us, 40_000L));
        assertEquals(0xFFFF_FFFFL, eval(cast(ref(sc), INT), state));
        assertEquals(255, eval(cast(ref(uc), INT), state));
        assertEquals(0, eval(bin(BinaryOp.EQ, cast(ref(sc), INT), cast(ref(uc), INT)), state));
        assertEquals(1, eval(bin(BinaryOp.EQ, ref(sc), cast(ref(uc), SCHAR)), state));
        assertEquals(-25_536, SHORT.toLong(eval(ref(s), state)));
        assertEquals(-25_536, INT.toLong(eval(cast(ref(s), INT), state)));
        assertEquals(40_000, eval(cast(ref(us), INT), state));
        // (unsigned char)(uc + 1) wraps to 0, while the promoted sum is 256.
        Expr sum = bin(BinaryOp.ADD, cast(ref(uc), INT), c(INT, 1));
        assertEquals(256, eval(sum, state));
        assertEquals(0, eval(cast(sum, UCHAR), state));
        assertEquals(1, eval(cast(sum, BOOL), state));
        assertEquals(0xFFFF_FFFFL, eval(cast(ref(sc), UINT), state));
    }

    @Test
    void comparisonsAndLogicalNotYieldIntZeroOrOne() {
        Expr lt = bin(BinaryOp.LT, c(INT, -1), c(INT, 0));
        assertEquals(INT.width(), evaluator.evaluate(lt, empty).width());
        assertEquals(1, eval(lt));
        assertEquals(0, eval(bin(BinaryOp.LT, c(UINT, -1), c(UINT, 0))));
        assertEquals(1, eval(new Expr.Unary(UnaryOp.LOG_NOT, c(UCHAR, 0), INT)));
        assertEquals(0, eval(new Expr.Unary(UnaryOp.LOG_NOT, c(INT, 7), INT)));
        assertEquals(0xFFFF_FFF9L, eval(new Expr.Unary(UnaryOp.NEG, c(INT, 7), INT)));
        assertEquals(0xFFFF_FFF8L, eval(new Expr.Unary(UnaryOp.BIT_NOT, c(INT, 7), INT)));
    }

    @Test
    void iteChoosesByTheConditionsTruth() {
        Variable x = var("x", UCHAR);
        Expr ite = new Expr.Ite(ref(x), c(INT, 10), c(INT, 20), INT);
        assertEquals(20, eval(ite));
        assertEquals(10, eval(ite, State.of(Map.of(x, 256L + 4))));
        assertTrue(evaluator.isTrue(c(INT, 0x8000_0000L), empty));
        assertFalse(evaluator.isTrue(c(INT, 0), empty));
    }

    @Test
    void unsetVariablesReadZeroAndWidthsAreEnforced() {
        Variable x = var("x", SHORT);
        assertEquals(new BitVec(0, 16), evaluator.evaluate(ref(x), empty));
        assertThrows(IllegalArgumentException.class, () -> State.of(java.util.Map.of()).set(x, new BitVec(1, 32)));
        Expr illTyped = new Expr.Unary(UnaryOp.NEG, c(SHORT, 1), INT);
        assertThrows(IllegalStateException.class, () -> evaluator.evaluate(illTyped, empty));
    }
}
