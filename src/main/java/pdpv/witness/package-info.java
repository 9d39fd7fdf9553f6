/**
 * Evidence others can check, in SV-COMP's witness format 2.0 (YAML): correctness witnesses
 * ({@code invariant_set}, one {@code loop_invariant} per loop: the certificate's invariants
 * restated over the loop head's state, completed with what holds on loop entry ({@link
 * pdpv.witness.EntryFacts}) and kept inductive by Houdini, or for an input-free program proved by
 * complete unrolling, the states of its one run ({@link pdpv.witness.ExactRun}); a loop-free
 * program's assertions as {@code location_invariant}s) and violation witnesses
 * ({@code violation_sequence}: the value of every nondet call as a {@code function_return} waypoint,
 * then the {@code target}); the validator of both ({@code pdpv check-witness}), which shares only the
 * front end, the IR and {@code semantics} (with its Z3 reading, {@code encode.Z3Algebra}) with the
 * engines: it finds the loop heads, encodes the paths between them and checks each invariant
 * itself, and replays a violation in the interpreter; and the C test harness that replays an
 * UNSAFE answer under gcc.
 */
package pdpv.witness;
