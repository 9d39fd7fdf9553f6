/**
 * The counterexample-guided loop of thesis Algorithm 4.2 (verifyProgram): check the loop-cut
 * formula F, replay each model in the concrete interpreter, and answer SAFE, UNSAFE with replayed
 * inputs, or UNKNOWN with a reason. Invariant refinement (Alg 4.3–4.5) plugs in here.
 */
package pdpv.cegar;
