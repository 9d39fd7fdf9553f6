package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;

/**
 * The value of a BTOR2 node: a bit-vector expression of {@code width} bits over the current-state
 * and input constants; {@code readsInput} tells whether an input occurs in it (initial values may not).
 */
record Btor2Node(int width, BitVecExpr expr, boolean readsInput) {
}
