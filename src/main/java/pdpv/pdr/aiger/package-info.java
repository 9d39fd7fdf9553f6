/**
 * BTOR2 models bit-blasted to AIGER 1.9 for bit-level model checkers such as ABC's {@code pdr}
 * (thesis §3.4.4, Fig 3.14): {@link pdpv.pdr.aiger.BitBlaster} turns the reader's Z3 terms into an
 * {@link pdpv.pdr.aiger.Aig}, {@link pdpv.pdr.aiger.AigerCircuit} builds the sequential circuit
 * (latches with reset values, one bad literal), {@link pdpv.pdr.aiger.AigerWriter} writes the
 * file ({@code pdpv aiger}).
 */
package pdpv.pdr.aiger;
