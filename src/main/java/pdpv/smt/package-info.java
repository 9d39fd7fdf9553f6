/**
 * The one place that owns a {@code com.microsoft.z3.Solver} (style page, "JavaSMT"): assertions,
 * push/pop, checks under assumptions answering {@code Sat(model)} or {@code Unsat(core)}, call
 * counts and time. Used by {@code encode}, {@code cegar} and {@code pdr}; knows nothing about C.
 */
package pdpv.smt;
