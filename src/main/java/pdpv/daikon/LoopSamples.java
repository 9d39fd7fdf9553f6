package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;

/**
 * What the tests show at one loop's head (thesis §6.3.1, the data of the dummy function of
 * Fig 6.2): one sample each time a run reaches the head, with the values of the loop's variables
 * R_l there and when the run last entered the loop from outside ({@code \old}, Daikon's
 * {@code orig()}). The data both the miner and Daikon's trace files are made of.
 */
public final class LoopSamples {
    private final Loop loop;
    private final List<Variable> variables;
    private final Map<Variable, Integer> index = new HashMap<>();
    /** The cells sampled after the scalars: one term per cell of each small array the loop writes. */
    private final List<Term> cells = new ArrayList<>();
    private final List<long[]> head = new ArrayList<>();
    private final List<long[]> entry = new ArrayList<>();

    /** The samples of {@code loop}, with a term per cell of each one-dimensional array of at most {@code cellTerms} cells it writes. */
    LoopSamples(Loop loop, int cellTerms) {
        this.loop = loop;
        this.variables = loop.referenced().stream().filter(v -> !v.isArray()).toList();
        for (int i = 0; i < variables.size(); i++) {
            index.put(variables.get(i), i);
        }
        for (Variable a : loop.updated()) {
            if (a.isArray() && a.dims().size() == 1 && a.length() <= cellTerms && a.kind() != Variable.Kind.TEMPORARY) {
                for (long k = 0; k < a.length(); k++) {
                    cells.add(new Term(a, false, k));
                }
            }
        }
    }

    void add(long[] atHead, long[] atEntry) {
        head.add(atHead);
        entry.add(atEntry);
    }

    public Loop loop() {
        return loop;
    }

    /** The scalars of R_l, in the loop's order (arrays are sampled apart, issue #20). */
    public List<Variable> variables() {
        return variables;
    }

    /** The cells sampled after the scalars in each row ({@link TestOptions#cellTerms}), as terms at the head. */
    public List<Term> cells() {
        return cells;
    }

    /**
     * The terms an invariant of this loop may read: x and \old(x) for each x the loop updates
     * (U_l), x alone for each x it only reads (constant in the loop, its old value is its value).
     * Temporaries of the front end (a nondet call's result, say) are left out, as Daikon sees only
     * the program's variables. Then the {@link #cells}, at the head and on entry.
     */
    public List<Term> terms() {
        List<Term> terms = new ArrayList<>();
        for (Variable v : variables) {
            if (v.kind() != Variable.Kind.TEMPORARY) {
                terms.add(new Term(v, false));
            }
        }
        for (Variable v : variables) {
            if (v.kind() != Variable.Kind.TEMPORARY && loop.updated().contains(v)) {
                terms.add(new Term(v, true));
            }
        }
        terms.addAll(cells);
        cells.forEach(c -> terms.add(new Term(c.variable(), true, c.cell())));
        return terms;
    }

    public int size() {
        return head.size();
    }

    /** The value of {@code t} in sample {@code i} as raw bits of its variable's width. */
    public long bits(int i, Term t) {
        Integer k = t.isCell() ? variables.size() + cells.indexOf(new Term(t.variable(), false, t.cell())) : index.get(t.variable());
        if (k == null) {
            throw new IllegalArgumentException(t + " is not a variable of the loop");
        }
        return (t.old() ? entry : head).get(i)[k];
    }

    /** The C value of {@code t} in sample {@code i} (signed or unsigned as its type says). */
    public BigInteger value(int i, Term t) {
        long b = bits(i, t);
        boolean unsigned64 = !t.variable().type().signed() && t.variable().type().width() == 64;
        return unsigned64 ? new BigInteger(Long.toUnsignedString(b)) : BigInteger.valueOf(t.variable().type().toLong(b));
    }

    /** Sample {@code i} as a valuation of the terms, for {@link Invariant#holds}. */
    public Function<Term, BigInteger> sample(int i) {
        return t -> value(i, t);
    }
}
