/**
 * The typed intermediate representation of one C function after lowering and inlining: variables,
 * side-effect-free expressions, statements (assign, havoc, assume, assert) in basic blocks with
 * explicit terminators, plus the graph analyses of thesis §4.3.1 (dominators, natural loops,
 * updated and referenced variables U_l and R_l). Every statement keeps its source location.
 * {@link pdpv.cfg.UbGuards} builds the conditions that an expression's operations are free of
 * undefined behaviour, from which the front end guards statements under
 * {@code --signed-overflow}, {@code --div-by-zero} and {@code --undefined-shift} {@code undefined|error}.
 */
package pdpv.cfg;
