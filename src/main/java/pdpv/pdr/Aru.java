package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import java.util.BitSet;
import java.util.List;

/**
 * An atomic reasoning unit (§3.2): a set of states that is a conjunction of parts, either a
 * {@link BooleanCube} (parts are literals over bits) or a {@link Polytope} (parts are inequalities
 * over the variables read as signed integers). Frames hold ARUs as their cover.
 */
public sealed interface Aru permits BooleanCube, Polytope {

    /** The conjuncts of this ARU over the given variables (current or next copy). */
    List<BoolExpr> parts(Encoding enc, List<BitVecExpr> vars);

    /** This ARU with only the parts whose indices are in {@code keep}. */
    Aru keep(BitSet keep);

    int partCount();

    /** Whether the point (unsigned bit patterns per variable) lies in this ARU. */
    boolean contains(long[] point, Encoding enc);

    /** log2 of the number of states, exactly for cubes, of the bounding box for polytopes. */
    double log2Volume(Encoding enc);

    default BoolExpr formula(Encoding enc, List<BitVecExpr> vars) {
        return enc.and(parts(enc, vars));
    }
}
