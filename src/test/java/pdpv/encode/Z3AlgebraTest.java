package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static pdpv.cfg.IrBuilder.INT;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.ref;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Expr;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;
import pdpv.semantics.UnaryOp;

/** SMT-LIB meaning of the encoded operations, checked on model values against hand-computed results. */
class Z3AlgebraTest {
    private static final CType UINT = CType.unsignedInt();
    private static final CType CHAR = new CType(CType.Kind.CHAR, 8, true);
    private static final CType UCHAR = new CType(CType.Kind.CHAR, 8, false);
    private final IrBuilder ir = new IrBuilder();
    private final Variable a = ir.var("a");
    private final Variable b = ir.var("b");
    private final Variable u = ir.var("u", UINT);
    private final Variable v = ir.var("v", UINT);

    /** The value of {@code e} as raw bits, with a, b, u, v bound to the given raw values by the solver. */
    private long eval(Expr e, long av, long bv, long uv, long vv) {
        try (Context ctx = new Context()) {
            Z3Algebra alg = new Z3Algebra(ctx);
            ExprEncoder enc = new ExprEncoder(new CSemantics(DataModel.ILP32), alg);
            VariantFactory vf = new VariantFactory(ctx, new CSemantics(DataModel.ILP32));
            Map<Variable, com.microsoft.z3.Expr<?>> env = vf.fresh(List.of(a, b, u, v));
            Solver s = ctx.mkSolver();
            s.add(ctx.mkEq(env.get(a), alg.constant(av, 32)), ctx.mkEq(env.get(b), alg.constant(bv, 32)),
                    ctx.mkEq(env.get(u), alg.constant(uv, 32)), ctx.mkEq(env.get(v), alg.constant(vv, 32)));
            assertEquals(Status.SATISFIABLE, s.check());
            BitVecNum n = (BitVecNum) s.getModel().eval(enc.value(e, env), true);
            return n.getBigInteger().longValue();
        }
    }

    private long evalAb(Expr e, long av, long bv) {
        return eval(e, av, bv, 0, 0);
    }

    private long evalUv(Expr e, long uv, long vv) {
        return eval(e, 0, 0, uv, vv);
    }

    @Test
    void signedDivisionAndRemainderByZero() {
        Expr div = bin(BinaryOp.DIV, ref(a), ref(b));
        Expr rem = bin(BinaryOp.REM, ref(a), ref(b));
        assertEquals(0xFFFFFFFFL, evalAb(div, 7, 0));
        assertEquals(1L, evalAb(div, -7, 0));
        assertEquals(7L, evalAb(rem, 7, 0));
        assertEquals(0xFFFFFFF9L, evalAb(rem, -7, 0));
    }

    @Test
    void unsignedDivisionAndRemainderByZero() {
        assertEquals(0xFFFFFFFFL, evalUv(bin(BinaryOp.DIV, ref(u), ref(v)), 7, 0));
        assertEquals(7L, evalUv(bin(BinaryOp.REM, ref(u), ref(v)), 7, 0));
    }

    @Test
    void remainderHasTheSignOfTheDividendAndIntMinOverMinusOneWraps() {
        assertEquals(0xFFFFFFFFL, evalAb(bin(BinaryOp.REM, ref(a), ref(b)), -7, 2));
        assertEquals(1L, evalAb(bin(BinaryOp.REM, ref(a), ref(b)), 7, -2));
        assertEquals(0xFFFFFFFDL, evalAb(bin(BinaryOp.DIV, ref(a), ref(b)), -7, 2));
        assertEquals(0x80000000L, evalAb(bin(BinaryOp.DIV, ref(a), ref(b)), 0x80000000L, -1));
        assertEquals(0L, evalAb(bin(BinaryOp.REM, ref(a), ref(b)), 0x80000000L, -1));
    }

    @Test
    void overWideShifts() {
        assertEquals(0L, evalAb(bin(BinaryOp.SHL, ref(a), ref(b)), 1, 33));
        assertEquals(0L, evalAb(bin(BinaryOp.SHL, ref(a), ref(b)), 1, -1));
        assertEquals(0xFFFFFFFFL, evalAb(bin(BinaryOp.SHR, ref(a), ref(b)), -8, 40));
        assertEquals(0L, evalAb(bin(BinaryOp.SHR, ref(a), ref(b)), 8, 40));
        assertEquals(0L, evalUv(bin(BinaryOp.SHR, ref(u), ref(v)), 0x80000000L, 32));
        assertEquals(0xFFFFFFFCL, evalAb(bin(BinaryOp.SHR, ref(a), ref(b)), -8, 1));
        assertEquals(0x40000000L, evalUv(bin(BinaryOp.SHR, ref(u), ref(v)), 0x80000000L, 1));
    }

    @Test
    void conversionsComparisonsAndConditions() {
        assertEquals(44L, evalAb(new Expr.Cast(ref(a), CHAR), 300, 0));
        assertEquals(0xFFFFFFFFL, evalAb(new Expr.Cast(new Expr.Cast(ref(a), CHAR), INT), 255, 0));
        assertEquals(255L, evalAb(new Expr.Cast(new Expr.Cast(ref(a), UCHAR), UINT), -1, 0));
        assertEquals(1L, evalAb(new Expr.Cast(ref(a), CType.bool()), 256, 0));
        assertEquals(0L, evalAb(new Expr.Cast(ref(a), CType.bool()), 0, 0));
        assertEquals(1L, evalAb(bin(BinaryOp.LT, ref(a), ref(b)), -1, 1));
        assertEquals(0L, evalUv(bin(BinaryOp.LT, ref(u), ref(v)), 0xFFFFFFFFL, 1));
        assertEquals(6L, evalAb(new Expr.Ite(ref(a), c(5), c(6), INT), 0, 0));
        assertEquals(5L, evalAb(new Expr.Ite(ref(a), c(5), c(6), INT), 0x100, 0));
        assertEquals(1L, evalAb(new Expr.Unary(UnaryOp.LOG_NOT, ref(a), INT), 0, 0));
        assertEquals(0x80000000L, evalAb(new Expr.Unary(UnaryOp.NEG, ref(a), INT), 0x80000000L, 0));
        assertEquals(0x80000000L, evalAb(bin(BinaryOp.ADD, ref(a), ref(b)), 0x7FFFFFFFL, 1));
    }

    @Test
    void sixtyFourBitConstantsKeepAllBits() {
        CType ull = new CType(CType.Kind.LONG_LONG, 64, false);
        try (Context ctx = new Context()) {
            Z3Algebra alg = new Z3Algebra(ctx);
            BitVecNum n = (BitVecNum) alg.constant(new Expr.Const(ull, -2).bits(), 64).simplify();
            assertEquals(-2L, n.getBigInteger().longValue());
            BitVecNum m = (BitVecNum) alg.constant(-1, 8).simplify();
            assertEquals(255L, m.getBigInteger().longValue());
        }
    }
}
