package pdpv.pdr;

/** Values of the state variables and inputs in one model (unsigned bit patterns). */
record Assignment(long[] state, long[] inputs) {
}
