/**
 * Answers people can read (issue 21), beside {@code cli}: the loop invariants of a SAFE answer as
 * plain one-state conditions at each loop head (the projection and simplification of
 * {@code witness}), the failing run of an UNSAFE answer as steps with values, and the HTML report
 * of a run (source, invariants or trace, the control-flow graph and the loop-cut DAG, the cover of
 * a loop's last frame), self-contained.
 */
package pdpv.report;
