package pdpv.cli;

import picocli.CommandLine.Option;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.SimulationType;
import pdpv.smt.RelaxationBudget;

/**
 * The options of the QF_BV PDR engine shared by {@code mc} and {@code verify}: the probability c
 * of specializing a proof obligation to a Boolean cube (thesis §3.2.3), the seed of the engine's
 * random choices, the simulation used to expand proof obligations (§3.3), the budget of
 * counterexamples to generalization and of each query's integer relaxation.
 */
final class EngineOptions {
    @Option(names = {"-c", "--cube-probability"}, paramLabel = "PROB", defaultValue = "0.5",
            description = "probability that a proof obligation is a Boolean cube rather than a polytope (default: ${DEFAULT-VALUE})")
    double cubeProbability;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "seed of the engine's random choices (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--simulation", paramLabel = "TYPE", defaultValue = "HYBRID",
            description = "expansion of proof obligations: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    SimulationType simulation;

    @Option(names = "--ctg", paramLabel = "N", defaultValue = "3",
            description = "counterexamples to generalization tried per expansion of a lemma (default: ${DEFAULT-VALUE})")
    int ctgBudget;

    @Option(names = "--integer-after", paramLabel = "UNITS", defaultValue = "" + PdrOptions.INTEGER_AFTER,
            description = "Z3 resource units the bit-blaster spends on a PDR query before its integer relaxation is tried (default: ${DEFAULT-VALUE})")
    long integerAfter;

    @Option(names = "--integer-resources", paramLabel = "UNITS", defaultValue = "" + PdrOptions.INTEGER_RESOURCES,
            description = "Z3 resource units the integer relaxation of a PDR query may spend; 0 = bit-blasting only (default: ${DEFAULT-VALUE})")
    long integerResources;

    @Option(names = "--generalization-resources", paramLabel = "UNITS", defaultValue = "" + PdrOptions.GENERALIZATION_RESOURCES,
            description = "Z3 resource units of each PDR check that only decides how far a lemma generalizes; one that gives up keeps the smaller lemma (default: ${DEFAULT-VALUE})")
    long generalizationResources;

    /** Null when the options are valid, else the message for the user. */
    String problem() {
        return cubeProbability < 0 || cubeProbability > 1 ? "-c must be in [0, 1], found " + cubeProbability
                : ctgBudget < 0 ? "--ctg must be at least 0, found " + ctgBudget
                : integerAfter < 0 ? "--integer-after must be at least 0, found " + integerAfter
                : integerResources < 0 ? "--integer-resources must be at least 0, found " + integerResources
                : generalizationResources <= 0 ? "--generalization-resources must be positive, found " + generalizationResources : null;
    }

    PdrOptions applyTo(PdrOptions base) {
        return base.withCubeProbability(cubeProbability).withSeed(seed).withSimulation(simulation).withCtgBudget(ctgBudget)
                .withRelaxation(new RelaxationBudget(integerAfter, integerResources)).withGeneralizationResources(generalizationResources);
    }
}
