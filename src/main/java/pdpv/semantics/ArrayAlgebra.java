package pdpv.semantics;

/**
 * The SMT theory of arrays (McCarthy's select and store, with constant arrays) over a value domain
 * {@code A} of whole arrays and {@code V} of their index and element bit-vectors: the meaning of a
 * C array as a total function from index bit-vectors to element bit-vectors. Implemented
 * symbolically (Z3's arrays), concretely (the interpreter) and, trivially, abstractly.
 */
public interface ArrayAlgebra<A, V> {
    /** The array whose every cell holds {@code bits} (of {@code elementWidth} bits), indexed by {@code indexWidth} bits. */
    A filled(long bits, int elementWidth, int indexWidth);

    /** {@code array} with the cell at {@code index} holding {@code value}. */
    A store(A array, V index, V value);

    /** The cell of {@code array} at {@code index}. */
    V select(A array, V index);
}
