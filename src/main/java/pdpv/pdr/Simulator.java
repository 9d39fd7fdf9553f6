package pdpv.pdr;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;
import pdpv.domain.IntervalArithmetic;
import pdpv.domain.Lattice;
import pdpv.domain.Range;
import pdpv.domain.TernaryArithmetic;
import pdpv.domain.TernaryLogic;
import pdpv.domain.TernaryVector;

/**
 * Ternary (Fig. 3.7), interval (Fig. 3.8) and hybrid (Fig. 3.9) simulation of a Z3 expression DAG
 * given simulation values of its variables, over the values and rules of {@link pdpv.domain}.
 * Ternary simulation evaluates arithmetic as its circuit (ripple-carry adders, shift-and-add
 * multiplier, subtract-and-borrow comparators); interval simulation evaluates bit-level operations
 * by their integer meaning (exact on constants, ⊤ otherwise); hybrid simulation evaluates each
 * operation in its own kind and converts with SELECT and CONJOIN. Formulas are ternary vectors of
 * width 1. Values have at most 64 bits; interval and hybrid simulation evaluate wider arithmetic
 * (the polytope rows of §3.2.2 over 64-bit variables: extensions, sums, products, comparisons,
 * extraction) exactly as ranges of integers ({@link Range}), and any other wider operation as
 * unknown, which is sound.
 */
public final class Simulator {
    private static final int MAX_WIDTH = 64;
    private static final TernaryVector TRUE = TernaryVector.exactly(1, 1);
    private static final TernaryVector FALSE = TernaryVector.exactly(0, 1);
    private static final TernaryVector UNKNOWN = new TernaryVector(1, 0, 0);

    private final SimulationType type;
    private final Map<Expr<?>, AbstractValue> memo = new HashMap<>();
    /** The signed values of the expressions wider than 64 bits, empty when unknown. */
    private final Map<Expr<?>, Optional<Range>> wide = new HashMap<>();

    /** {@code env} gives the values of the variables (constants) of the expressions. */
    public Simulator(SimulationType type, Map<? extends Expr<?>, ? extends AbstractValue> env) {
        if (type == SimulationType.SOLVER) {
            throw new IllegalArgumentException("no simulation for " + type);
        }
        this.type = type;
        env.forEach((variable, value) -> memo.put(variable, switch (type) {
            case TERNARY -> value.toTernary();
            case INTERVAL -> variable.isBV() ? value.toInterval() : value.toTernary();
            default -> value;
        }));
    }

    public AbstractValue eval(Expr<?> e) {
        AbstractValue v = memo.get(e);
        if (v == null) {
            v = compute(e);
            memo.put(e, v);
        }
        return v;
    }

    /** The truth value of a formula's (or width-1 vector's) simulation value. */
    public static AbstractTruth truth(AbstractValue v) {
        TernaryVector t = v.toTernary();
        return t.mask() == 0 ? AbstractTruth.UNKNOWN : AbstractTruth.of(t.value() != 0);
    }

    private static TernaryVector formula(AbstractTruth t) {
        return switch (t) {
            case TRUE -> TRUE;
            case FALSE -> FALSE;
            case UNKNOWN -> UNKNOWN;
        };
    }

    private static int width(Expr<?> e) {
        return e.isBV() ? ((BitVecSort) e.getSort()).getSize() : 1;
    }

    private AbstractValue compute(Expr<?> e) {
        if (e.isTrue()) {
            return TRUE;
        }
        if (e.isFalse()) {
            return FALSE;
        }
        int width = width(e);
        boolean bool = !e.isBV();
        if (width > MAX_WIDTH) {
            // stands for an unknown value wider than any value; no rule reads it, as an operation
            // with a wider operand is unknown itself
            return new TernaryVector(MAX_WIDTH, 0, 0);
        }
        if (e.isNumeral() && e.isBV()) {
            long bits = ((BitVecNum) e).getBigInteger().longValue();
            return type == SimulationType.TERNARY ? TernaryVector.exactly(bits, width) : Interval.point(bits, width);
        }
        if (!e.isApp() || e.isConst()) {
            return top(width, bool);
        }
        Z3_decl_kind kind = e.getFuncDecl().getDeclKind();
        Expr<?>[] args = e.getArgs();
        for (Expr<?> a : args) {
            if (width(a) > MAX_WIDTH) {
                return ofWide(kind, e, args, width, bool);
            }
        }
        switch (kind) {
            case Z3_OP_AND:
            case Z3_OP_OR:
            case Z3_OP_XOR:
            case Z3_OP_BAND:
            case Z3_OP_BOR:
            case Z3_OP_BXOR:
                return fold(kind, args);
            case Z3_OP_BSHL:
            case Z3_OP_BLSHR:
            case Z3_OP_BASHR:
                return bitLevel(kind, eval(args[0]), eval(args[1]));
            case Z3_OP_NOT:
            case Z3_OP_BNOT:
                return not(eval(args[0]));
            case Z3_OP_IMPLIES:
                return formula(truth(eval(args[0])).not().or(truth(eval(args[1]))));
            case Z3_OP_ITE:
                return ite(truth(eval(args[0])), eval(args[1]), eval(args[2]));
            case Z3_OP_EQ:
                return formula(Lattice.equal(eval(args[0]), eval(args[1])));
            case Z3_OP_DISTINCT:
                return args.length == 2 ? formula(Lattice.equal(eval(args[0]), eval(args[1])).not()) : UNKNOWN;
            case Z3_OP_BADD:
            case Z3_OP_BSUB:
            case Z3_OP_BMUL:
                return arithmetic(kind, args);
            case Z3_OP_BUDIV:
            case Z3_OP_BUDIV_I:
            case Z3_OP_BSDIV:
            case Z3_OP_BSDIV_I:
            case Z3_OP_BUREM:
            case Z3_OP_BUREM_I:
            case Z3_OP_BSREM:
            case Z3_OP_BSREM_I:
                return type == SimulationType.TERNARY ? top(width, false) : division(kind, eval(args[0]), eval(args[1]));
            case Z3_OP_BNEG:
                return type == SimulationType.TERNARY ? TernaryArithmetic.neg(eval(args[0]).toTernary())
                        : IntervalArithmetic.neg(eval(args[0]));
            case Z3_OP_SLEQ:
            case Z3_OP_SLT:
            case Z3_OP_SGEQ:
            case Z3_OP_SGT:
            case Z3_OP_ULEQ:
            case Z3_OP_ULT:
            case Z3_OP_UGEQ:
            case Z3_OP_UGT:
                return formula(compare(kind, eval(args[0]), eval(args[1])));
            case Z3_OP_EXTRACT:
                return extract(eval(args[0]), e.getFuncDecl().getParameters()[0].getInt(),
                        e.getFuncDecl().getParameters()[1].getInt());
            case Z3_OP_CONCAT:
                return concat(args);
            case Z3_OP_SIGN_EXT:
            case Z3_OP_ZERO_EXT:
                return extend(kind == Z3_decl_kind.Z3_OP_SIGN_EXT, eval(args[0]), width);
            default:
                return top(width, bool);
        }
    }

    /** An operation of at most 64 bits with an operand wider than 64 bits: a comparison or an extraction. */
    private AbstractValue ofWide(Z3_decl_kind kind, Expr<?> e, Expr<?>[] args, int width, boolean bool) {
        if (kind == Z3_decl_kind.Z3_OP_EXTRACT) {
            Range r = wide(e).orElse(null);
            return r == null ? top(width, bool) : r.wrap(width);
        }
        if (args.length != 2 || width(args[0]) != width(args[1])) {
            return top(width, bool);
        }
        Range x = wide(args[0]).orElse(null);
        Range y = wide(args[1]).orElse(null);
        int w = width(args[0]);
        boolean unsigned = switch (kind) {
            case Z3_OP_ULEQ, Z3_OP_ULT, Z3_OP_UGEQ, Z3_OP_UGT -> true;
            default -> false;
        };
        if (x != null && y != null && unsigned) {
            x = x.unsignedReading(w);
            y = y.unsignedReading(w);
        }
        if (x == null || y == null) {
            return top(width, bool);
        }
        return switch (kind) {
            case Z3_OP_EQ -> formula(equal(x, y));
            case Z3_OP_DISTINCT -> formula(equal(x, y).not());
            case Z3_OP_SLT, Z3_OP_ULT -> formula(IntervalArithmetic.less(x, y, false));
            case Z3_OP_SLEQ, Z3_OP_ULEQ -> formula(IntervalArithmetic.less(x, y, true));
            case Z3_OP_SGT, Z3_OP_UGT -> formula(IntervalArithmetic.less(y, x, false));
            case Z3_OP_SGEQ, Z3_OP_UGEQ -> formula(IntervalArithmetic.less(y, x, true));
            default -> top(width, bool);
        };
    }

    /** Equality of two exact ranges of one reading. */
    private static AbstractTruth equal(Range x, Range y) {
        if (x.lo().equals(x.hi()) && y.lo().equals(y.hi())) {
            return AbstractTruth.of(x.lo().equals(y.lo()));
        }
        return x.hi().compareTo(y.lo()) < 0 || y.hi().compareTo(x.lo()) < 0 ? AbstractTruth.FALSE : AbstractTruth.UNKNOWN;
    }

    /** The signed values of {@code e} (an expression wider than 64 bits, or an extraction from one), empty if unknown. */
    private Optional<Range> wide(Expr<?> e) {
        Optional<Range> r = wide.get(e);
        if (r == null) {
            r = Optional.ofNullable(type == SimulationType.TERNARY ? null : computeWide(e));
            wide.put(e, r);
        }
        return r;
    }

    /** The signed values of {@code e} read at the width of {@code e}, or null if unknown. */
    private Range computeWide(Expr<?> e) {
        int w = width(e);
        if (e.isNumeral()) {
            return Range.point(((BitVecNum) e).getBigInteger()).signedModulo(w);
        }
        if (!e.isApp() || e.isConst()) {
            return null;
        }
        Expr<?>[] args = e.getArgs();
        switch (e.getFuncDecl().getDeclKind()) {
            case Z3_OP_SIGN_EXT:
            case Z3_OP_ZERO_EXT: {
                boolean signed = e.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_SIGN_EXT;
                int from = width(args[0]);
                if (from <= MAX_WIDTH) {
                    AbstractValue v = eval(args[0]);
                    return signed ? Range.signed(v) : Range.unsigned(v);
                }
                Range r = wide(args[0]).orElse(null);
                return r == null || signed ? r : r.unsignedReading(from);
            }
            case Z3_OP_BADD:
            case Z3_OP_BSUB:
            case Z3_OP_BMUL: {
                Range acc = wide(args[0]).orElse(null);
                for (int i = 1; i < args.length && acc != null; i++) {
                    Range next = wide(args[i]).orElse(null);
                    if (next == null) {
                        return null;
                    }
                    acc = switch (e.getFuncDecl().getDeclKind()) {
                        case Z3_OP_BADD -> acc.plus(next);
                        case Z3_OP_BSUB -> acc.minus(next);
                        default -> acc.times(next);
                    };
                    acc = acc.signedModulo(w);
                }
                return acc;
            }
            case Z3_OP_BNEG: {
                Range r = wide(args[0]).orElse(null);
                return r == null ? null : Range.point(BigInteger.ZERO).minus(r).signedModulo(w);
            }
            case Z3_OP_EXTRACT: {
                if (width(args[0]) <= MAX_WIDTH) {
                    return null;
                }
                Range r = wide(args[0]).orElse(null);
                int low = e.getFuncDecl().getParameters()[1].getInt();
                return r == null ? null : new Range(r.lo().shiftRight(low), r.hi().shiftRight(low)).signedModulo(w);
            }
            case Z3_OP_ITE: {
                AbstractTruth c = truth(eval(args[0]));
                Optional<Range> then = wide(args[1]);
                Optional<Range> otherwise = wide(args[2]);
                if (c != AbstractTruth.UNKNOWN) {
                    return (c == AbstractTruth.TRUE ? then : otherwise).orElse(null);
                }
                return then.isPresent() && otherwise.isPresent() ? then.get().hull(otherwise.get()) : null;
            }
            default:
                return null;
        }
    }

    private AbstractValue top(int width, boolean bool) {
        return bool || type != SimulationType.INTERVAL ? new TernaryVector(width, 0, 0) : Interval.top(width);
    }

    private AbstractValue fold(Z3_decl_kind kind, Expr<?>[] args) {
        AbstractValue acc = eval(args[0]);
        for (int i = 1; i < args.length; i++) {
            acc = bitLevel(kind, acc, eval(args[i]));
        }
        return acc;
    }

    /**
     * A bit-level operation: bitwise on ternary vectors (SELECT converts an interval operand in
     * hybrid simulation); interval simulation is exact on constants and ⊤ otherwise.
     */
    private AbstractValue bitLevel(Z3_decl_kind kind, AbstractValue a, AbstractValue b) {
        boolean intervals = type == SimulationType.INTERVAL && a instanceof Interval && b instanceof Interval;
        if (intervals && !(a.isSingleton() && b.isSingleton())) {
            return Interval.top(a.width());
        }
        TernaryVector x = a.toTernary();
        TernaryVector y = b.toTernary();
        TernaryVector r = switch (kind) {
            case Z3_OP_AND, Z3_OP_BAND -> TernaryLogic.and(x, y);
            case Z3_OP_OR, Z3_OP_BOR -> TernaryLogic.or(x, y);
            case Z3_OP_BSHL -> TernaryLogic.shl(x, y);
            case Z3_OP_BLSHR -> TernaryLogic.lshr(x, y);
            case Z3_OP_BASHR -> TernaryLogic.ashr(x, y);
            default -> TernaryLogic.xor(x, y);
        };
        return intervals ? r.toInterval() : r;
    }

    /** Negation: of a formula or a ternary vector bitwise, of an interval exactly as −x − 1. */
    private static AbstractValue not(AbstractValue v) {
        return v instanceof Interval i ? IntervalArithmetic.not(i) : TernaryLogic.not((TernaryVector) v);
    }

    /** Rules [ite-t], [ite-e], [ite-x]. */
    private static AbstractValue ite(AbstractTruth cond, AbstractValue then, AbstractValue otherwise) {
        return switch (cond) {
            case TRUE -> then;
            case FALSE -> otherwise;
            case UNKNOWN -> Lattice.join(then, otherwise);
        };
    }

    private AbstractValue arithmetic(Z3_decl_kind kind, Expr<?>[] args) {
        AbstractValue acc = eval(args[0]);
        for (int i = 1; i < args.length; i++) {
            AbstractValue next = eval(args[i]);
            if (type == SimulationType.TERNARY) {
                TernaryVector a = acc.toTernary();
                TernaryVector b = next.toTernary();
                acc = switch (kind) {
                    case Z3_OP_BADD -> TernaryArithmetic.add(a, b);
                    case Z3_OP_BSUB -> TernaryArithmetic.sub(a, b);
                    default -> TernaryArithmetic.mul(a, b);
                };
            } else {
                acc = switch (kind) {
                    case Z3_OP_BADD -> IntervalArithmetic.add(acc, next);
                    case Z3_OP_BSUB -> IntervalArithmetic.sub(acc, next);
                    default -> IntervalArithmetic.mul(acc, next);
                };
            }
        }
        return acc;
    }

    private static AbstractValue division(Z3_decl_kind kind, AbstractValue a, AbstractValue b) {
        return switch (kind) {
            case Z3_OP_BUDIV, Z3_OP_BUDIV_I -> IntervalArithmetic.udiv(a, b);
            case Z3_OP_BSDIV, Z3_OP_BSDIV_I -> IntervalArithmetic.sdiv(a, b);
            case Z3_OP_BUREM, Z3_OP_BUREM_I -> IntervalArithmetic.urem(a, b);
            default -> IntervalArithmetic.srem(a, b);
        };
    }

    private AbstractTruth compare(Z3_decl_kind kind, AbstractValue x, AbstractValue y) {
        boolean swap = switch (kind) {
            case Z3_OP_SGEQ, Z3_OP_SGT, Z3_OP_UGEQ, Z3_OP_UGT -> true;
            default -> false;
        };
        AbstractValue a = swap ? y : x;
        AbstractValue b = swap ? x : y;
        if (type == SimulationType.TERNARY) {
            TernaryVector s = a.toTernary();
            TernaryVector t = b.toTernary();
            return switch (kind) {
                case Z3_OP_SLT, Z3_OP_SGT -> TernaryArithmetic.slt(s, t);
                case Z3_OP_SLEQ, Z3_OP_SGEQ -> TernaryArithmetic.sle(s, t);
                case Z3_OP_ULT, Z3_OP_UGT -> TernaryArithmetic.ult(s, t);
                default -> TernaryArithmetic.ule(s, t);
            };
        }
        return switch (kind) {
            case Z3_OP_SLT, Z3_OP_SGT -> IntervalArithmetic.slt(a, b);
            case Z3_OP_SLEQ, Z3_OP_SGEQ -> IntervalArithmetic.sle(a, b);
            case Z3_OP_ULT, Z3_OP_UGT -> IntervalArithmetic.ult(a, b);
            default -> IntervalArithmetic.ule(a, b);
        };
    }

    /** Extraction keeps its operand's representation, exact for both. */
    private static AbstractValue extract(AbstractValue v, int high, int low) {
        return v instanceof Interval i ? IntervalArithmetic.extract(i, high, low)
                : TernaryLogic.extract((TernaryVector) v, high, low);
    }

    private AbstractValue concat(Expr<?>[] args) {
        TernaryVector acc = eval(args[0]).toTernary();
        for (int i = 1; i < args.length; i++) {
            acc = TernaryLogic.concat(acc, eval(args[i]).toTernary());
        }
        return type == SimulationType.INTERVAL ? acc.toInterval() : acc;
    }

    /** Extension keeps its operand's representation, exact for both. */
    private static AbstractValue extend(boolean signed, AbstractValue v, int width) {
        int extra = width - v.width();
        if (v instanceof Interval i) {
            return signed ? IntervalArithmetic.signExtend(i, extra) : IntervalArithmetic.zeroExtend(i, extra);
        }
        TernaryVector t = (TernaryVector) v;
        return signed ? TernaryLogic.signExtend(t, extra) : TernaryLogic.zeroExtend(t, extra);
    }
}
