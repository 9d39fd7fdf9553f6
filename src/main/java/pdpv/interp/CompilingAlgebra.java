package pdpv.interp;

import pdpv.semantics.BitVectorAlgebra;
import pdpv.semantics.Words;

/**
 * Compiles IR expressions for the interpreter of thesis §4.3.2: a {@link BitVectorAlgebra} whose
 * values are {@link Code} and whose truth values are {@link Cond}, each a tree of small objects
 * evaluated over the slots of a state ({@code long[]}, normalized bits). The expression walk and
 * every C rule are {@link pdpv.cfg.ExprEvaluator}'s and {@link pdpv.semantics.CSemantics}'s, as for
 * the value-by-value algebra; each operation's meaning is {@link Words}'s. So a compiled run
 * computes what {@link pdpv.semantics.ConcreteAlgebra} would, without a map lookup or an allocation
 * per operation. Operations on constants are folded, and a few shapes are fused into one node:
 * {@code x + c}, comparisons of a variable with a constant or a variable, and C's int 0/1 of a
 * comparison tested for truth (the shape of every branch condition), which folds back to the
 * comparison.
 */
final class CompilingAlgebra implements BitVectorAlgebra<Code, Cond> {
    private static final long[] NO_SLOTS = new long[0];

    /** The value of the variable in {@code slot}, of {@code width} bits. */
    Code variable(int slot, int width) {
        return new Code.Slot(slot, width);
    }

    @Override
    public Code constant(long bits, int width) {
        return new Code.Const(bits, width);
    }

    @Override
    public Code add(Code a, Code b) {
        int w = width(a, b);
        long m = a.mask;
        if (b instanceof Code.Const c && a instanceof Code.Slot s) {
            return slotPlus(s.slot, c.bits, w);
        }
        if (a instanceof Code.Const c && b instanceof Code.Slot s) {
            return slotPlus(s.slot, c.bits, w);
        }
        if (b instanceof Code.Const c) {
            long k = c.bits;
            return fold(new Code.Op(w, v -> (a.eval(v) + k) & m), a);
        }
        return fold(new Code.Op(w, v -> (a.eval(v) + b.eval(v)) & m), a, b);
    }

    private static Code slotPlus(int slot, long k, int w) {
        long m = Code.Words64.mask(w);
        return new Code.Op(w, v -> (v[slot] + k) & m);
    }

    @Override
    public Code sub(Code a, Code b) {
        int w = width(a, b);
        long m = a.mask;
        if (b instanceof Code.Const c && a instanceof Code.Slot s) {
            return slotPlus(s.slot, -c.bits, w);
        }
        return fold(new Code.Op(w, v -> (a.eval(v) - b.eval(v)) & m), a, b);
    }

    @Override
    public Code mul(Code a, Code b) {
        int w = width(a, b);
        long m = a.mask;
        return fold(new Code.Op(w, v -> (a.eval(v) * b.eval(v)) & m), a, b);
    }

    @Override
    public Code neg(Code a) {
        long m = a.mask;
        return fold(new Code.Op(a.width, v -> -a.eval(v) & m), a);
    }

    @Override
    public Code udiv(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.udiv(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code sdiv(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.sdiv(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code urem(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.urem(a.eval(v), b.eval(v))), a, b);
    }

    @Override
    public Code srem(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.srem(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code shl(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.shl(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code lshr(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.lshr(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code ashr(Code a, Code b) {
        int w = width(a, b);
        return fold(new Code.Op(w, v -> Words.ashr(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Code and(Code a, Code b) {
        return fold(new Code.Op(width(a, b), v -> a.eval(v) & b.eval(v)), a, b);
    }

    @Override
    public Code or(Code a, Code b) {
        return fold(new Code.Op(width(a, b), v -> a.eval(v) | b.eval(v)), a, b);
    }

    @Override
    public Code xor(Code a, Code b) {
        return fold(new Code.Op(width(a, b), v -> a.eval(v) ^ b.eval(v)), a, b);
    }

    @Override
    public Code not(Code a) {
        long m = a.mask;
        return fold(new Code.Op(a.width, v -> ~a.eval(v) & m), a);
    }

    @Override
    public Code zeroExtend(Code a, int extraBits) {
        int w = extended(a, extraBits);
        if (a instanceof Code.Slot s) {
            return new Code.Slot(s.slot, w);
        }
        return fold(new Code.Op(w, a::eval), a);
    }

    @Override
    public Code signExtend(Code a, int extraBits) {
        int w = extended(a, extraBits);
        int from = a.width;
        return fold(new Code.Op(w, v -> Words.signExtend(a.eval(v), from, extraBits)), a);
    }

    @Override
    public Code extract(Code a, int high, int low) {
        if (low < 0 || high < low || high >= a.width) {
            throw new IllegalArgumentException("extract[" + high + ":" + low + "] of a " + a.width + "-bit value");
        }
        return fold(new Code.Op(high - low + 1, v -> Words.extract(a.eval(v), high, low)), a);
    }

    @Override
    public Code ite(Cond condition, Code ifTrue, Code ifFalse) {
        int w = width(ifTrue, ifFalse);
        if (condition instanceof Cond.Fixed f) {
            return f.value ? ifTrue : ifFalse;
        }
        if (ifTrue instanceof Code.Const t && t.bits == 1 && ifFalse instanceof Code.Const f && f.bits == 0) {
            return new Code.Truth(condition, w);
        }
        return new Code.Op(w, v -> condition.test(v) ? ifTrue.eval(v) : ifFalse.eval(v));
    }

    @Override
    public Cond eq(Code a, Code b) {
        width(a, b);
        if (a instanceof Code.Truth t && b instanceof Code.Const c) {
            return c.bits == 0 ? lnot(t.condition) : c.bits == 1 ? t.condition : new Cond.Fixed(false);
        }
        if (a instanceof Code.Slot s && b instanceof Code.Const c) {
            int slot = s.slot;
            long k = c.bits;
            return new Cond.Op(v -> v[slot] == k);
        }
        return fold(new Cond.Op(v -> a.eval(v) == b.eval(v)), a, b);
    }

    @Override
    public Cond ult(Code a, Code b) {
        width(a, b);
        if (a instanceof Code.Slot s && b instanceof Code.Const c) {
            int slot = s.slot;
            long k = c.bits;
            return new Cond.Op(v -> Long.compareUnsigned(v[slot], k) < 0);
        }
        if (a instanceof Code.Slot s && b instanceof Code.Slot t) {
            int x = s.slot;
            int y = t.slot;
            return new Cond.Op(v -> Long.compareUnsigned(v[x], v[y]) < 0);
        }
        return fold(new Cond.Op(v -> Words.ult(a.eval(v), b.eval(v))), a, b);
    }

    @Override
    public Cond ule(Code a, Code b) {
        width(a, b);
        return fold(new Cond.Op(v -> Words.ule(a.eval(v), b.eval(v))), a, b);
    }

    @Override
    public Cond slt(Code a, Code b) {
        int w = width(a, b);
        if (a instanceof Code.Slot s && b instanceof Code.Const c) {
            int slot = s.slot;
            long k = Words.signed(c.bits, w);
            return new Cond.Op(v -> Words.signed(v[slot], w) < k);
        }
        if (a instanceof Code.Slot s && b instanceof Code.Slot t) {
            int x = s.slot;
            int y = t.slot;
            return new Cond.Op(v -> Words.signed(v[x], w) < Words.signed(v[y], w));
        }
        return fold(new Cond.Op(v -> Words.slt(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Cond sle(Code a, Code b) {
        int w = width(a, b);
        return fold(new Cond.Op(v -> Words.sle(a.eval(v), b.eval(v), w)), a, b);
    }

    @Override
    public Cond lnot(Cond a) {
        if (a instanceof Cond.Not n) {
            return n.operand;
        }
        if (a instanceof Cond.Fixed f) {
            return new Cond.Fixed(!f.value);
        }
        return new Cond.Not(a);
    }

    @Override
    public Cond land(Cond a, Cond b) {
        if (a instanceof Cond.Fixed f) {
            return f.value ? b : a;
        }
        if (b instanceof Cond.Fixed f) {
            return f.value ? a : b;
        }
        return new Cond.Op(v -> a.test(v) && b.test(v));
    }

    @Override
    public Cond lor(Cond a, Cond b) {
        if (a instanceof Cond.Fixed f) {
            return f.value ? a : b;
        }
        if (b instanceof Cond.Fixed f) {
            return f.value ? b : a;
        }
        return new Cond.Op(v -> a.test(v) || b.test(v));
    }

    @Override
    public Cond truth(boolean value) {
        return new Cond.Fixed(value);
    }

    /** {@code op} itself, or its value as a constant when every operand is one. */
    private static Code fold(Code op, Code... operands) {
        for (Code o : operands) {
            if (!(o instanceof Code.Const)) {
                return op;
            }
        }
        return new Code.Const(op.eval(NO_SLOTS), op.width);
    }

    private static Cond fold(Cond op, Code... operands) {
        for (Code o : operands) {
            if (!(o instanceof Code.Const)) {
                return op;
            }
        }
        return new Cond.Fixed(op.test(NO_SLOTS));
    }

    private static int width(Code a, Code b) {
        if (a.width != b.width) {
            throw new IllegalArgumentException("widths differ: " + a.width + " and " + b.width);
        }
        return a.width;
    }

    private static int extended(Code a, int extraBits) {
        if (extraBits < 0 || a.width + extraBits > 64) {
            throw new IllegalArgumentException("extend a " + a.width + "-bit value by " + extraBits);
        }
        return a.width + extraBits;
    }
}
