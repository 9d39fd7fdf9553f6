package pdpv.pdr;

/**
 * How proof obligations are expanded (§3.3): by the SMT solver (dropping parts while the query
 * stays unsatisfiable), or by ternary, interval or hybrid simulation (Figures 3.7–3.9).
 * Simulation needs the transition system in functional form; otherwise the solver is used.
 */
public enum SimulationType {
    SOLVER,
    TERNARY,
    INTERVAL,
    HYBRID
}
