/**
 * The one place that owns a {@code com.microsoft.z3.Solver} (style page, "JavaSMT"): assertions,
 * push/pop, checks under assumptions answering {@code Sat(model)} or {@code Unsat(core)}, call
 * counts and time; the cancellation of a task's solvers from another thread ({@code Cancellation});
 * Z3's memory, which is not on the Java heap ({@code Z3Memory}); the conjuncts of a formula ({@code Conjuncts}). Used by {@code encode}, {@code cegar}
 * and {@code pdr}; knows nothing about C.
 */
package pdpv.smt;
