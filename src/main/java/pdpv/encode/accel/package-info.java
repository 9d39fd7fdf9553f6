/**
 * Loop acceleration over bit-vectors (issue #19), an encode-level summary of loops that the engines
 * of {@code pdpv.cegar} use: the paths through an innermost loop's body ({@link
 * pdpv.encode.accel.LoopPaths}), for each one without inputs the state after n passes as closed
 * forms modulo 2^w and the condition that all n passes take the path ({@link
 * pdpv.encode.accel.PathAccelerator}, found and proved by {@link pdpv.encode.accel.LoopAcceleration}),
 * and a loop's runs as a sequence of accelerated phases ({@link pdpv.encode.accel.PhaseSummary}).
 * We follow Kroening, Lewis and Weissenbacher (FMSD 2015, CBMC's {@code goto-instrument
 * --accelerate}) for the accelerators and FLATA/LoAT for chaining them; the classes say where.
 */
package pdpv.encode.accel;
