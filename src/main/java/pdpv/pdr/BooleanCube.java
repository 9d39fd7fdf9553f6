package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A Boolean cube over the bits of the state variables (§2.2, §3.2.3): literals x[bit] = value.
 * Expands by dropping literals.
 */
public record BooleanCube(List<Literal> literals) implements Aru {

    /** The literal "bit {@code bit} of variable {@code var} equals {@code value}". */
    public record Literal(int var, int bit, boolean value) {
    }

    public BooleanCube {
        literals = List.copyOf(literals);
    }

    /** The cube containing exactly the given point. */
    public static BooleanCube ofPoint(long[] point, Encoding enc) {
        List<Literal> lits = new ArrayList<>();
        for (int v = 0; v < point.length; v++) {
            for (int b = enc.widths()[v] - 1; b >= 0; b--) {
                lits.add(new Literal(v, b, ((point[v] >>> b) & 1) == 1));
            }
        }
        return new BooleanCube(lits);
    }

    @Override
    public List<BoolExpr> parts(Encoding enc, List<BitVecExpr> vars) {
        return literals.stream().map(l -> enc.bitIs(vars.get(l.var()), l.bit(), l.value())).toList();
    }

    @Override
    public BooleanCube keep(BitSet keep) {
        List<Literal> kept = new ArrayList<>();
        for (int i = 0; i < literals.size(); i++) {
            if (keep.get(i)) {
                kept.add(literals.get(i));
            }
        }
        return new BooleanCube(kept);
    }

    @Override
    public int partCount() {
        return literals.size();
    }

    @Override
    public boolean contains(long[] point, Encoding enc) {
        return literals.stream().allMatch(l -> (((point[l.var()] >>> l.bit()) & 1) == 1) == l.value());
    }

    @Override
    public double log2Volume(Encoding enc) {
        int bits = 0;
        for (int w : enc.widths()) {
            bits += w;
        }
        return bits - literals.size();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("cube{");
        for (Literal l : literals) {
            sb.append(l.value() ? "" : "!").append('x').append(l.var()).append('[').append(l.bit()).append("] ");
        }
        return sb.toString().trim() + "}";
    }
}
