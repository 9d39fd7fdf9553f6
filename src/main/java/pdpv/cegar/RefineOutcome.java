package pdpv.cegar;

/** What {@link InvariantRefiner#refine} achieved for one loop and one counterexample. */
sealed interface RefineOutcome {
    /** PDR proved B unreachable; LI_l was strengthened by the invariant it found. */
    record Strengthened() implements RefineOutcome {
    }

    /** B is reachable by real iterations of the loop. */
    record Reachable(LoopTrace trace) implements RefineOutcome {
    }

    /** PDR gave up (timeout, solver) or an answer failed its check. */
    record Undecided(String reason) implements RefineOutcome {
    }
}
