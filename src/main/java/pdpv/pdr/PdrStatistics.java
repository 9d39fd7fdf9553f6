package pdpv.pdr;

import java.util.ArrayList;
import java.util.List;
import pdpv.smt.SmtStatistics;

/** Counters of one engine (design notes "statistics per component"); SMT counts are shared. */
public final class PdrStatistics {
    final SmtStatistics smt = new SmtStatistics();
    int frames;
    long proofObligations;
    long cubesAdded;
    long polytopesAdded;
    long reshapesTried;
    long reshapesSucceeded;
    long expansions;
    double log2ExpansionSum;
    long simulationExpansions;
    long simulationChecks;
    long simulationChecksPassed;
    double log2SimulationExpansionSum;
    private List<double[]> simulationComparisons;

    public int frames() {
        return frames;
    }

    public long proofObligations() {
        return proofObligations;
    }

    public long cubesAdded() {
        return cubesAdded;
    }

    public long polytopesAdded() {
        return polytopesAdded;
    }

    public long reshapesTried() {
        return reshapesTried;
    }

    public long reshapesSucceeded() {
        return reshapesSucceeded;
    }

    public long smtCalls() {
        return smt.calls();
    }

    public double smtSeconds() {
        return smt.seconds();
    }

    /** SMT calls that the integer relaxation answered Unsat without bit-blasting. */
    public long relaxedSmtCalls() {
        return smt.relaxedCalls();
    }

    /** Mean of log2(volume after / volume before) over all expansions (§3.4.3 "expansion factor"). */
    public double meanLog2ExpansionFactor() {
        return expansions == 0 ? 0 : log2ExpansionSum / expansions;
    }

    /** Obligations expanded by ternary, interval or hybrid simulation rather than by the solver (§3.3). */
    public long simulationExpansions() {
        return simulationExpansions;
    }

    /** Sum of log2(volume after / volume before) over the expansions by simulation. */
    public double log2SimulationExpansionSum() {
        return log2SimulationExpansionSum;
    }

    /** Candidate ARUs checked by simulation (checks 3.3 and 3.4), and how many of them were valid. */
    public long simulationChecks() {
        return simulationChecks;
    }

    public long simulationChecksPassed() {
        return simulationChecksPassed;
    }

    void recordSimulationCheck(boolean passed) {
        simulationChecks++;
        simulationChecksPassed += passed ? 1 : 0;
    }

    void recordSimulationExpansion(double log2Before, double log2After) {
        simulationExpansions++;
        log2SimulationExpansionSum += log2After - log2Before;
    }

    void recordExpansion(double log2Before, double log2After) {
        expansions++;
        log2ExpansionSum += log2After - log2Before;
    }

    @Override
    public String toString() {
        return String.format(
                "frames=%d obligations=%d cubes=%d polytopes=%d reshapes=%d/%d smt=%d (%.2fs) expansion=%.1f simulated=%d",
                frames, proofObligations, cubesAdded, polytopesAdded, reshapesSucceeded, reshapesTried,
                smtCalls(), smtSeconds(), meanLog2ExpansionFactor(), simulationExpansions);
    }

    /**
     * From now on, each expansion by simulation is repeated with ternary, interval and hybrid
     * simulation from the same point (thesis Fig. 3.12); the run itself is not changed.
     */
    public void compareSimulations() {
        if (simulationComparisons == null) {
            simulationComparisons = new ArrayList<>();
        }
    }

    boolean comparingSimulations() {
        return simulationComparisons != null;
    }

    void recordSimulationComparison(double[] log2Factors) {
        simulationComparisons.add(log2Factors.clone());
    }

    /** Per compared expansion, the log2 expansion factors of ternary, interval and hybrid simulation. */
    public List<double[]> simulationComparisons() {
        return simulationComparisons == null ? List.of() : List.copyOf(simulationComparisons);
    }
}
