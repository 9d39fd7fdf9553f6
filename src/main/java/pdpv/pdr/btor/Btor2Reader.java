package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * Reads a BTOR2 word-level model (bit-vector sorts only) into a {@link TransitionSystem} in functional
 * form, the input format of the QF_BV PDR engine (thesis §3.4.4 used BTOR). States without
 * {@code next} get a fresh input as next value; several {@code bad} properties are joined by
 * disjunction; {@code constraint}s restrict every step, including the bad one.
 */
public final class Btor2Reader {
    private final Context ctx;
    private final Map<Long, Integer> sorts = new HashMap<>();
    private final Map<Long, BitVecExpr> nodes = new HashMap<>();
    private final Map<Long, StateVar> states = new LinkedHashMap<>();
    private final List<InputVar> inputs = new ArrayList<>();
    private final Map<Long, BitVecExpr> inits = new HashMap<>();
    private final Map<Long, BitVecExpr> nexts = new HashMap<>();
    private final List<BoolExpr> bads = new ArrayList<>();
    private final List<BoolExpr> constraints = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private int lineNumber;

    public Btor2Reader(Context ctx) {
        this.ctx = ctx;
    }

    /** Parses the whole model. */
    public TransitionSystem read(Reader source) throws IOException {
        BufferedReader in = new BufferedReader(source);
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            int comment = line.indexOf(';');
            String text = (comment >= 0 ? line.substring(0, comment) : line).trim();
            if (!text.isEmpty()) {
                parse(text.split("\\s+"));
            }
        }
        return build();
    }

    private TransitionSystem build() {
        if (bads.isEmpty()) {
            throw new Btor2Exception(lineNumber, "no bad property");
        }
        List<StateVar> vars = new ArrayList<>(states.values());
        List<InputVar> allInputs = new ArrayList<>(inputs);
        Map<String, BitVecExpr> next = new HashMap<>();
        List<BoolExpr> init = new ArrayList<>();
        for (Map.Entry<Long, StateVar> e : states.entrySet()) {
            StateVar v = e.getValue();
            BitVecExpr f = nexts.get(e.getKey());
            if (f == null) {
                InputVar nondet = InputVar.of(ctx, unique(v.name() + ".next"), v.width());
                allInputs.add(nondet);
                f = nondet.expr();
            }
            next.put(v.name(), f);
            if (inits.containsKey(e.getKey())) {
                init.add(ctx.mkEq(v.current(), inits.get(e.getKey())));
            }
        }
        BoolExpr bad = ctx.mkOr(bads.toArray(new BoolExpr[0]));
        if (!constraints.isEmpty()) {
            List<BoolExpr> all = new ArrayList<>(constraints);
            all.add(bad);
            bad = ctx.mkAnd(all.toArray(new BoolExpr[0]));
        }
        BoolExpr initFormula = init.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(init.toArray(new BoolExpr[0]));
        return TransitionSystem.functional(ctx, vars, allInputs, initFormula, next, constraints, bad);
    }

    private void parse(String[] t) {
        long id = number(t[0]);
        String op = t[1];
        switch (op) {
            case "sort" -> sort(id, t);
            case "input" -> {
                InputVar in = InputVar.of(ctx, unique(t.length > 3 ? t[3] : "input" + id), width(t[2]));
                inputs.add(in);
                nodes.put(id, in.expr());
            }
            case "state" -> {
                StateVar s = StateVar.of(ctx, unique(t.length > 3 ? t[3] : "state" + id), width(t[2]));
                states.put(id, s);
                nodes.put(id, s.current());
            }
            case "init" -> inits.put(stateId(t[3]), arg(t[4]));
            case "next" -> nexts.put(stateId(t[3]), arg(t[4]));
            case "bad" -> bads.add(isTrue(arg(t[2])));
            case "constraint" -> constraints.add(isTrue(arg(t[2])));
            case "output" -> {
            }
            case "justice", "fair" -> throw new Btor2Exception(lineNumber, "liveness ('" + op + "') is not supported");
            default -> nodes.put(id, Btor2Operators.apply(this, op, t));
        }
    }

    private void sort(long id, String[] t) {
        if (!t[2].equals("bitvec")) {
            throw new Btor2Exception(lineNumber, "sort '" + t[2] + "' is not supported (bit-vector sorts only)");
        }
        int w = (int) number(t[3]);
        if (w < 1 || w > 62) {
            throw new Btor2Exception(lineNumber, "bit-vector width " + w + " is not supported (1..62)");
        }
        sorts.put(id, w);
    }

    private long stateId(String token) {
        long id = number(token);
        if (!states.containsKey(id)) {
            throw new Btor2Exception(lineNumber, "node " + id + " is not a state");
        }
        return id;
    }

    private String unique(String name) {
        String n = name;
        for (int k = 1; !names.add(n); k++) {
            n = name + "#" + k;
        }
        return n;
    }

    Context ctx() {
        return ctx;
    }

    int line() {
        return lineNumber;
    }

    int width(String sortToken) {
        Integer w = sorts.get(number(sortToken));
        if (w == null) {
            throw new Btor2Exception(lineNumber, "unknown sort " + sortToken);
        }
        return w;
    }

    /** The node named by a (possibly negated) id. */
    BitVecExpr arg(String token) {
        long id = number(token);
        BitVecExpr e = nodes.get(Math.abs(id));
        if (e == null) {
            throw new Btor2Exception(lineNumber, "unknown node " + Math.abs(id));
        }
        return id < 0 ? ctx.mkBVNot(e) : e;
    }

    BoolExpr isTrue(BitVecExpr bit) {
        return ctx.mkEq(bit, ctx.mkBV(1, 1));
    }

    long number(String token) {
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw new Btor2Exception(lineNumber, "expected a number, found '" + token + "'");
        }
    }
}
