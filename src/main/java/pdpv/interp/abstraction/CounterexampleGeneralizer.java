package pdpv.interp.abstraction;

import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.domain.Bits;
import pdpv.domain.Interval;
import pdpv.domain.TernaryVector;
import pdpv.semantics.CSemantics;

/**
 * {@code generalizeCounterexample(l, c)} of thesis §4.3.3, Algorithm 4.5. Lines 1–8: interpret the
 * loop abstractly from the before-values c_b; for the first variable x of U_l whose reachable set
 * r[x] is disjoint from its after-value, widen c_e[x] maximally keeping that disjointness (an
 * interval pushed to the extreme values when r[x] is an interval, a single conflicting bit when r[x]
 * is a ternary vector) and make every other c_e[y] ⊤. Lines 9–12: widen each c_b[x] of R_l in turn
 * while the abstract interpretation from the current sets still keeps x's reachable set disjoint
 * from c_e[x] (the other c_e[y] are ⊤ and can never be disjoint): an interval by binary search on
 * its upper, then its lower bound; if that leaves a single value, a ternary vector by making bits X
 * one at a time. Every accepted widening was checked by an abstract interpretation run, so the
 * result is spurious however the search went. If no r[x] is disjoint from c_e[x] (the abstraction
 * is too coarse), the counterexample itself is returned as singletons.
 */
public final class CounterexampleGeneralizer {
    private final AbstractInterpreter interpreter;

    public CounterexampleGeneralizer(AbstractInterpreter interpreter) {
        this.interpreter = interpreter;
    }

    public CounterexampleGeneralizer(CSemantics semantics) {
        this(new AbstractInterpreter(semantics));
    }

    /**
     * Generalizes the counterexample of {@code loop} with values {@code before} (c_b, for R_l) and
     * {@code after} (c_e, for U_l) given as bits; a variable of R_l or U_l without a value gets ⊤.
     */
    public GeneralizedCounterexample generalize(Loop loop, Map<Variable, Long> before, Map<Variable, Long> after) {
        Map<Variable, AbstractValue> cb = points(loop.referenced(), before);
        Map<Variable, AbstractValue> ce = points(loop.updated(), after);
        Map<Variable, AbstractValue> reachable = interpreter.headState(loop, cb);
        for (Variable x : loop.updated()) {
            AbstractValue r = reachable.get(x);
            if (!ce.get(x).isTop() && AbstractValue.isDisjoint(r, ce.get(x))) {
                Map<Variable, AbstractValue> generalizedAfter = new LinkedHashMap<>();
                for (Variable y : loop.updated()) {
                    generalizedAfter.put(y, AbstractValue.top(y.type().width()));
                }
                generalizedAfter.put(x, awayFrom(ce.get(x).toInterval().lo(), r));
                return new GeneralizedCounterexample(expandBefore(loop, cb, x, generalizedAfter.get(x)), generalizedAfter);
            }
        }
        return new GeneralizedCounterexample(cb, ce);
    }

    private static Map<Variable, AbstractValue> points(Iterable<Variable> variables, Map<Variable, Long> values) {
        Map<Variable, AbstractValue> sets = new LinkedHashMap<>();
        for (Variable v : variables) {
            int w = v.type().width();
            Long bits = values.get(v);
            sets.put(v, bits == null ? AbstractValue.top(w) : AbstractValue.point(bits, w));
        }
        return sets;
    }

    /** The largest set around the value {@code p} (signed) disjoint from {@code r}, which excludes p. */
    private static AbstractValue awayFrom(long p, AbstractValue r) {
        int w = r.width();
        if (r instanceof Interval i) {
            return p < i.lo() ? new Interval(w, Bits.minSigned(w), i.lo() - 1) : new Interval(w, i.hi() + 1, Bits.maxSigned(w));
        }
        TernaryVector t = (TernaryVector) r;
        long conflict = Long.highestOneBit((p ^ t.value()) & t.mask());
        return new TernaryVector(w, conflict, p & conflict);
    }

    /** Lines 9–12: widens each before-set while x's reachable set stays disjoint from {@code target}. */
    private Map<Variable, AbstractValue> expandBefore(Loop loop, Map<Variable, AbstractValue> cb, Variable x, AbstractValue target) {
        Map<Variable, AbstractValue> current = new LinkedHashMap<>(cb);
        for (Variable v : loop.referenced()) {
            if (current.get(v).isSingleton()) {
                BeforeSearch search = candidate -> {
                    Map<Variable, AbstractValue> start = new LinkedHashMap<>(current);
                    start.put(v, candidate);
                    return AbstractValue.isDisjoint(interpreter.headState(loop, start).get(x), target);
                };
                current.put(v, search.widest(current.get(v).toInterval().lo(), v.type().width()));
            }
        }
        return current;
    }
}
