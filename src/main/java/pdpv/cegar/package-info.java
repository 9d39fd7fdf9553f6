/**
 * The counterexample-guided loop of thesis §4.3.2–4.3.3. {@link pdpv.cegar.Verifier} runs
 * Algorithm 4.2 (verifyProgram): check the loop-cut formula F, replay each model in the concrete
 * interpreter, find a weakly modeled loop (Alg. 4.3) and refine its invariant (Alg. 4.4,
 * {@code InvariantRefiner}) with the QF_BV PDR engine on the loop's model checking instance
 * ({@code RefinementInstance}, one per loop, its trace kept across calls), nested loops first when
 * a PDR trace steps through a too weak nested invariant. Invariants live in the
 * {@code LoopInvariantStore} and strengthen F incrementally. SAFE needs the invariants re-checked
 * by {@code CertificateChecker} and is reported with them printed as C ({@code InvariantPrinter});
 * UNSAFE needs inputs the interpreter replays to a failing assertion ({@code ReplayInputs});
 * anything else is UNKNOWN with a reason. Before the loop, chapter 6: tests (Algorithm 6.1,
 * {@link pdpv.daikon.TestRuns}) may answer UNSAFE at once, and the likely invariants mined from
 * them, once {@code CandidateInvariants} (Houdini) has shown them inductive, seed each LI_l and the
 * loop's PDR engine (§6.1). {@link pdpv.cegar.SymbolicVerifier} is the baseline of
 * §4.2.1: the whole function as one model checking instance with an explicit program counter
 * ({@code ProgramCounterSystem}) and one PDR call, under the same contract.
 * {@link pdpv.cegar.BoundedModelChecker} checks F over the program with its loops unrolled instead
 * of cut (issue #10), SAFE only when the unrolling is complete; {@link pdpv.cegar.Portfolio} runs
 * several of these engines at the same time and takes the first definite answer.
 */
package pdpv.cegar;
