package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A model checking instance (§2.1, generalized to QF_BV in §3.1): state variables, inputs, initial
 * states I(x), transition relation T(x, i, x′) and bad states B(x, i). Optionally T is given in
 * functional form, x′ = f(x, i) under constraints C(x, i), which simulation-based expansion of
 * predecessors needs (§3.3, check 3.4); then {@code trans} is C ∧ ⋀ x′ = f(x, i).
 *
 * @param nextFunctions next-state expression per state variable name; empty if T is a relation
 * @param constraints conjuncts C(x, i) of T in functional form; empty if T is a relation
 */
public record TransitionSystem(
        List<StateVar> vars,
        List<InputVar> inputs,
        BoolExpr init,
        BoolExpr trans,
        BoolExpr bad,
        Map<String, BitVecExpr> nextFunctions,
        List<BoolExpr> constraints) {

    public TransitionSystem {
        vars = List.copyOf(vars);
        inputs = List.copyOf(inputs);
        nextFunctions = Map.copyOf(nextFunctions);
        constraints = List.copyOf(constraints);
    }

    /** A system whose transition relation is an arbitrary formula over x, i and x′. */
    public static TransitionSystem relational(
            List<StateVar> vars, List<InputVar> inputs, BoolExpr init, BoolExpr trans, BoolExpr bad) {
        return new TransitionSystem(vars, inputs, init, trans, bad, Map.of(), List.of());
    }

    /** A system in functional form; the transition relation is built from f and C. */
    public static TransitionSystem functional(
            Context ctx,
            List<StateVar> vars,
            List<InputVar> inputs,
            BoolExpr init,
            Map<String, BitVecExpr> nextFunctions,
            List<BoolExpr> constraints,
            BoolExpr bad) {
        List<BoolExpr> conjuncts = new ArrayList<>(constraints);
        for (StateVar v : vars) {
            BitVecExpr f = nextFunctions.get(v.name());
            if (f == null) {
                throw new IllegalArgumentException("no next-state function for " + v.name());
            }
            conjuncts.add(ctx.mkEq(v.next(), f));
        }
        BoolExpr trans = ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
        return new TransitionSystem(vars, inputs, init, trans, bad, nextFunctions, constraints);
    }

    public boolean isFunctional() {
        return !nextFunctions.isEmpty();
    }

    public List<BitVecExpr> currentVars() {
        return vars.stream().map(StateVar::current).toList();
    }

    public List<BitVecExpr> nextVars() {
        return vars.stream().map(StateVar::next).toList();
    }

    /** The formula with every current-state variable replaced by its next-state copy. */
    public BoolExpr prime(BoolExpr formula) {
        Expr<?>[] from = currentVars().toArray(new Expr<?>[0]);
        Expr<?>[] to = nextVars().toArray(new Expr<?>[0]);
        return (BoolExpr) formula.substitute(from, to);
    }

    /** The same system with another bad-state formula (reuse, §4.3.3). */
    public TransitionSystem withBad(BoolExpr newBad) {
        return new TransitionSystem(vars, inputs, init, trans, newBad, nextFunctions, constraints);
    }
}
