package pdpv.pdr;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import pdpv.pdr.SimValue.Bits;
import pdpv.pdr.SimValue.Range;

/**
 * Ternary (Fig. 3.7), interval (Fig. 3.8) and hybrid (Fig. 3.9) simulation of a Z3 expression DAG
 * given simulation values of its variables. Ternary simulation evaluates arithmetic as its circuit
 * (ripple-carry adders, shift-and-add multiplier, subtract-and-borrow comparators); interval
 * simulation evaluates bit-level operations by their integer meaning (top unless constant); hybrid
 * simulation evaluates each operation in its own kind and converts with SELECT and CONJOIN.
 */
public final class Simulator {
    /**
     * The widest operation simulated: values are {@code long}s, and the rules compute signed and
     * unsigned bounds in them; a wider operation (or one with a wider operand) is simulated as
     * unknown, which is sound.
     */
    private static final int LONG_WIDTH = 62;

    private final SimulationType type;
    private final Map<Expr<?>, SimValue> memo = new HashMap<>();

    /** {@code env} gives the values of the variables (constants) of the expressions. */
    public Simulator(SimulationType type, Map<? extends Expr<?>, SimValue> env) {
        if (type == SimulationType.SOLVER) {
            throw new IllegalArgumentException("no simulation for " + type);
        }
        this.type = type;
        env.forEach((variable, value) -> memo.put(variable, switch (type) {
            case TERNARY -> SimValue.toBits(value);
            case INTERVAL -> value.width() == 1 && !variable.isBV() ? value : SimValue.toRange(value);
            default -> value;
        }));
    }

    public SimValue eval(Expr<?> e) {
        SimValue v = memo.get(e);
        if (v == null) {
            v = compute(e);
            memo.put(e, v);
        }
        return v;
    }

    private SimValue compute(Expr<?> e) {
        if (e.isTrue()) {
            return Bits.of(1, 1);
        }
        if (e.isFalse()) {
            return Bits.of(1, 0);
        }
        int width = e.isBV() ? ((BitVecSort) e.getSort()).getSize() : 1;
        if (width > LONG_WIDTH) {
            return Bits.unknown(width);
        }
        if (e.isNumeral() && e.isBV()) {
            long bits = ((BitVecNum) e).getBigInteger().longValue();
            return type == SimulationType.TERNARY ? Bits.of(width, bits) : Range.of(width, Encoding.signed(bits, width), Encoding.signed(bits, width));
        }
        if (!e.isApp() || e.isConst()) {
            return top(width, !e.isBV());
        }
        Z3_decl_kind kind = e.getFuncDecl().getDeclKind();
        Expr<?>[] args = e.getArgs();
        if (Arrays.stream(args).anyMatch(a -> a.isBV() && ((BitVecSort) a.getSort()).getSize() > LONG_WIDTH)) {
            return top(width, !e.isBV());
        }
        switch (kind) {
            case Z3_OP_AND:
            case Z3_OP_OR:
            case Z3_OP_XOR:
            case Z3_OP_BAND:
            case Z3_OP_BOR:
            case Z3_OP_BXOR:
                return bitwise(kind, args, width);
            case Z3_OP_NOT:
            case Z3_OP_BNOT:
                return not(eval(args[0]));
            case Z3_OP_IMPLIES:
                return or(bits(not(eval(args[0]))), bits(eval(args[1])));
            case Z3_OP_ITE:
                return ite(bits(eval(args[0])), eval(args[1]), eval(args[2]));
            case Z3_OP_EQ:
                return equal(eval(args[0]), eval(args[1]));
            case Z3_OP_DISTINCT:
                return args.length == 2 ? not(equal(eval(args[0]), eval(args[1]))) : Bits.unknown(1);
            case Z3_OP_BADD:
            case Z3_OP_BSUB:
            case Z3_OP_BMUL:
                return arithmetic(kind, args, width);
            case Z3_OP_BNEG:
                return type == SimulationType.TERNARY ? Circuits.neg(bits(eval(args[0]))) : Intervals.neg(range(eval(args[0])));
            case Z3_OP_SLEQ:
            case Z3_OP_SLT:
            case Z3_OP_SGEQ:
            case Z3_OP_SGT:
            case Z3_OP_ULEQ:
            case Z3_OP_ULT:
            case Z3_OP_UGEQ:
            case Z3_OP_UGT:
                return compare(kind, eval(args[0]), eval(args[1]));
            case Z3_OP_EXTRACT:
                return Circuits.extract(bits(eval(args[0])), e.getFuncDecl().getParameters()[0].getInt(),
                        e.getFuncDecl().getParameters()[1].getInt());
            case Z3_OP_CONCAT:
                return concat(args);
            case Z3_OP_SIGN_EXT:
            case Z3_OP_ZERO_EXT:
                return extend(kind == Z3_decl_kind.Z3_OP_SIGN_EXT, eval(args[0]), width);
            default:
                return top(width, !e.isBV());
        }
    }

    private SimValue top(int width, boolean bool) {
        return bool || type != SimulationType.INTERVAL ? Bits.unknown(width) : Range.top(width);
    }

    /** Bit-level operand: native in ternary and hybrid simulation (SELECT converts in hybrid). */
    private Bits bits(SimValue v) {
        return SimValue.toBits(v);
    }

    private Range range(SimValue v) {
        return SimValue.toRange(v);
    }

    private SimValue bitwise(Z3_decl_kind kind, Expr<?>[] args, int width) {
        SimValue acc = eval(args[0]);
        for (int i = 1; i < args.length; i++) {
            SimValue next = eval(args[i]);
            if (type == SimulationType.INTERVAL && acc instanceof Range a && next instanceof Range b) {
                acc = Intervals.bitwise(kind, a, b);
                continue;
            }
            Bits a = bits(acc);
            Bits b = bits(next);
            acc = switch (kind) {
                case Z3_OP_AND, Z3_OP_BAND -> and(a, b);
                case Z3_OP_OR, Z3_OP_BOR -> or(a, b);
                default -> xor(a, b);
            };
        }
        return acc;
    }

    private SimValue not(SimValue v) {
        if (v instanceof Range r) {
            return Intervals.not(r);
        }
        Bits b = (Bits) v;
        return new Bits(b.width(), b.known(), ~b.value());
    }

    static Bits and(Bits a, Bits b) {
        long zero = (a.known() & ~a.value()) | (b.known() & ~b.value());
        long one = a.known() & a.value() & b.known() & b.value();
        return new Bits(a.width(), zero | one, one);
    }

    static Bits or(Bits a, Bits b) {
        long one = (a.known() & a.value()) | (b.known() & b.value());
        long zero = a.known() & ~a.value() & b.known() & ~b.value();
        return new Bits(a.width(), zero | one, one);
    }

    static Bits xor(Bits a, Bits b) {
        return new Bits(a.width(), a.known() & b.known(), a.value() ^ b.value());
    }

    private SimValue ite(Bits cond, SimValue then, SimValue otherwise) {
        if (cond.isTrue()) {
            return then;
        }
        if (cond.isFalse()) {
            return otherwise;
        }
        if (then instanceof Range || otherwise instanceof Range) {
            Range a = range(then);
            Range b = range(otherwise);
            return new Range(a.width(), Math.min(a.lo(), b.lo()), Math.max(a.hi(), b.hi()));
        }
        Bits a = (Bits) then;
        Bits b = (Bits) otherwise;
        long agree = a.known() & b.known() & ~(a.value() ^ b.value());
        return new Bits(a.width(), agree, a.value());
    }

    private SimValue equal(SimValue x, SimValue y) {
        if (x instanceof Range a && y instanceof Range b) {
            return Intervals.equal(a, b);
        }
        Bits a = bits(x);
        Bits b = bits(y);
        long both = a.known() & b.known();
        if (((a.value() ^ b.value()) & both) != 0) {
            return Bits.of(1, 0);
        }
        return both == SimValue.mask(a.width()) ? Bits.of(1, 1) : Bits.unknown(1);
    }

    private SimValue arithmetic(Z3_decl_kind kind, Expr<?>[] args, int width) {
        SimValue acc = eval(args[0]);
        for (int i = 1; i < args.length; i++) {
            SimValue next = eval(args[i]);
            if (type == SimulationType.TERNARY) {
                Bits a = bits(acc);
                Bits b = bits(next);
                acc = switch (kind) {
                    case Z3_OP_BADD -> Circuits.add(a, b, 0);
                    case Z3_OP_BSUB -> Circuits.add(a, (Bits) not(b), 1);
                    default -> Circuits.mul(a, b);
                };
            } else {
                acc = Intervals.arithmetic(kind, range(acc), range(next));
            }
        }
        return acc;
    }

    private SimValue compare(Z3_decl_kind kind, SimValue x, SimValue y) {
        if (type == SimulationType.TERNARY) {
            return Circuits.compare(kind, bits(x), bits(y));
        }
        return Intervals.compare(kind, range(x), range(y));
    }

    private SimValue concat(Expr<?>[] args) {
        Bits acc = bits(eval(args[0]));
        for (int i = 1; i < args.length; i++) {
            Bits low = bits(eval(args[i]));
            acc = new Bits(acc.width() + low.width(), (acc.known() << low.width()) | low.known(),
                    (acc.value() << low.width()) | low.value());
        }
        return type == SimulationType.INTERVAL ? range(acc) : acc;
    }

    private SimValue extend(boolean signed, SimValue v, int width) {
        if (v instanceof Range r) {
            if (signed || r.lo() >= 0) {
                return new Range(width, r.lo(), r.hi());
            }
            return r.hi() < 0 ? new Range(width, r.lo() + (1L << r.width()), r.hi() + (1L << r.width()))
                    : new Range(width, 0, SimValue.mask(r.width()));
        }
        Bits b = (Bits) v;
        int extra = width - b.width();
        long high = SimValue.mask(width) & ~SimValue.mask(b.width());
        if (!signed) {
            return new Bits(width, b.known() | high, b.value());
        }
        int[] sign = b.bit(b.width() - 1);
        if (sign[0] != sign[1]) {
            return new Bits(width, b.known(), b.value());
        }
        return new Bits(width, b.known() | high, b.value() | (sign[0] == 1 ? high : 0));
    }
}
