package pdpv.encode;

import java.math.BigInteger;
import pdpv.semantics.BitVectorAlgebra;

/**
 * A test oracle: SMT-LIB bit-vector operations on concrete values, kept as raw bits of a fixed
 * width (the test only uses one width at a time).
 */
final class ConcreteAlgebra implements BitVectorAlgebra<Long, Boolean> {
    private final int width;
    private final long mask;

    ConcreteAlgebra(int width) {
        this.width = width;
        this.mask = width == 64 ? -1L : (1L << width) - 1;
    }

    private long n(long v) {
        return v & mask;
    }

    private long signed(long v) {
        return width == 64 ? v : v << (64 - width) >> (64 - width);
    }

    private BigInteger u(long v) {
        return new BigInteger(Long.toUnsignedString(n(v)));
    }

    @Override
    public Long constant(long bits, int w) {
        return n(bits);
    }

    @Override
    public Long add(Long a, Long b) {
        return n(a + b);
    }

    @Override
    public Long sub(Long a, Long b) {
        return n(a - b);
    }

    @Override
    public Long mul(Long a, Long b) {
        return n(a * b);
    }

    @Override
    public Long neg(Long a) {
        return n(-a);
    }

    @Override
    public Long udiv(Long a, Long b) {
        return b == 0 ? mask : u(a).divide(u(b)).longValue();
    }

    @Override
    public Long sdiv(Long a, Long b) {
        if (b == 0) {
            return signed(a) < 0 ? 1L : mask;
        }
        return n(BigInteger.valueOf(signed(a)).divide(BigInteger.valueOf(signed(b))).longValue());
    }

    @Override
    public Long urem(Long a, Long b) {
        return b == 0 ? a : u(a).mod(u(b)).longValue();
    }

    @Override
    public Long srem(Long a, Long b) {
        if (b == 0) {
            return a;
        }
        return n(BigInteger.valueOf(signed(a)).remainder(BigInteger.valueOf(signed(b))).longValue());
    }

    @Override
    public Long shl(Long a, Long b) {
        return u(b).compareTo(BigInteger.valueOf(width)) >= 0 ? 0L : n(a << b);
    }

    @Override
    public Long lshr(Long a, Long b) {
        return u(b).compareTo(BigInteger.valueOf(width)) >= 0 ? 0L : a >>> b;
    }

    @Override
    public Long ashr(Long a, Long b) {
        long s = signed(a);
        return u(b).compareTo(BigInteger.valueOf(width)) >= 0 ? n(s < 0 ? -1L : 0L) : n(s >> b);
    }

    @Override
    public Long and(Long a, Long b) {
        return a & b;
    }

    @Override
    public Long or(Long a, Long b) {
        return a | b;
    }

    @Override
    public Long xor(Long a, Long b) {
        return a ^ b;
    }

    @Override
    public Long not(Long a) {
        return n(~a);
    }

    @Override
    public Long zeroExtend(Long a, int extraBits) {
        throw new UnsupportedOperationException("single width");
    }

    @Override
    public Long signExtend(Long a, int extraBits) {
        throw new UnsupportedOperationException("single width");
    }

    @Override
    public Long extract(Long a, int high, int low) {
        throw new UnsupportedOperationException("single width");
    }

    @Override
    public Long ite(Boolean condition, Long ifTrue, Long ifFalse) {
        return condition ? ifTrue : ifFalse;
    }

    @Override
    public Boolean eq(Long a, Long b) {
        return a.longValue() == b.longValue();
    }

    @Override
    public Boolean ult(Long a, Long b) {
        return Long.compareUnsigned(a, b) < 0;
    }

    @Override
    public Boolean ule(Long a, Long b) {
        return Long.compareUnsigned(a, b) <= 0;
    }

    @Override
    public Boolean slt(Long a, Long b) {
        return signed(a) < signed(b);
    }

    @Override
    public Boolean sle(Long a, Long b) {
        return signed(a) <= signed(b);
    }

    @Override
    public Boolean lnot(Boolean a) {
        return !a;
    }

    @Override
    public Boolean land(Boolean a, Boolean b) {
        return a && b;
    }

    @Override
    public Boolean lor(Boolean a, Boolean b) {
        return a || b;
    }

    @Override
    public Boolean truth(boolean value) {
        return value;
    }
}
