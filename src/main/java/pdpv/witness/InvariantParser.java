package pdpv.witness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.frontend.UserError;
import pdpv.semantics.DataModel;

/**
 * Reads a witness invariant, a C expression over the program's variables, into the IR with the
 * front end: the expression is the argument of an assertion in a small translation unit that
 * declares each variable name with its type, and the assertion's typed condition is then moved onto
 * the program's own variables. A name stands for the program variable of that name the loop uses,
 * else the only one of that name; a name of several variables the loop does not tell apart, and a
 * name of none, are errors of the witness.
 */
final class InvariantParser {
    private final DataModel dataModel;
    private final Map<String, List<Variable>> byName = new LinkedHashMap<>();

    InvariantParser(Program program, DataModel dataModel) {
        this.dataModel = dataModel;
        for (Variable v : program.variables()) {
            if (v.kind() != Variable.Kind.TEMPORARY && v.sourceName() != null && v.sourceName().matches("[A-Za-z_]\\w*")) {
                byName.computeIfAbsent(v.sourceName(), k -> new ArrayList<>()).add(v);
            }
        }
    }

    /** The invariant {@code text} at the loop whose blocks are {@code loop}, as a condition over the program's variables. */
    Expr parse(String text, Set<Block> loop) {
        Map<String, Variable> scope = new LinkedHashMap<>();
        Map<String, String> ambiguous = new LinkedHashMap<>();
        byName.forEach((name, vars) -> {
            List<Variable> used = vars.stream().filter(v -> usedIn(v, loop)).toList();
            List<Variable> candidates = used.isEmpty() ? vars : used;
            if (candidates.size() == 1) {
                scope.put(name, candidates.get(0));
            } else {
                ambiguous.put(name, candidates.get(0).type().toString());
            }
        });
        StringBuilder source = new StringBuilder();
        scope.forEach((name, v) -> source.append(v.type()).append(' ').append(name).append(extents(v)).append(";\n"));
        ambiguous.forEach((name, type) -> source.append(type).append(' ').append(name).append(";\n"));
        source.append("int main(void) {\n__VERIFIER_assume(\n").append(text).append("\n);\nreturn 0;\n}\n");
        Program p;
        try {
            p = FrontEnd.parse("invariant", source.toString(), new FrontEndOptions("main", dataModel, false));
        } catch (UserError e) {
            throw new WitnessError("cannot read invariant '" + text + "': " + e.render());
        }
        List<Stmt.Assume> assumes = new ArrayList<>();
        p.blocks().forEach(b -> b.statements().forEach(s -> {
            if (s instanceof Stmt.Assume a) {
                assumes.add(a);
            }
        }));
        if (assumes.size() != 1) {
            throw new WitnessError("cannot read invariant '" + text + "' as one side-effect-free expression");
        }
        Map<Variable, Variable> rename = new LinkedHashMap<>();
        for (Variable v : VariableUses.reads(assumes.get(0).condition())) {
            Variable real = scope.get(v.sourceName());
            if (real == null || v.kind() == Variable.Kind.TEMPORARY) {
                throw new WitnessError("invariant '" + text + "': " + (ambiguous.containsKey(v.sourceName())
                        ? "'" + v.sourceName() + "' names several variables of the program" : "cannot read it as an expression over program variables"));
            }
            rename.put(v, real);
        }
        return renamed(assumes.get(0).condition(), rename);
    }

    /** The extents of an array's declaration, {@code [3][4]} (none for a scalar). */
    private static String extents(Variable v) {
        StringBuilder sb = new StringBuilder();
        v.dims().forEach(d -> sb.append('[').append(d).append(']'));
        return sb.toString();
    }

    private static Expr renamed(Expr e, Map<Variable, Variable> rename) {
        if (e instanceof Expr.VarRef r) {
            return new Expr.VarRef(rename.get(r.variable()));
        }
        if (e instanceof Expr.Select sel) {
            return new Expr.Select(rename.get(sel.array()), renamed(sel.index(), rename), sel.type());
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), renamed(u.operand(), rename), u.type());
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), renamed(b.left(), rename), renamed(b.right(), rename), b.type());
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(renamed(c.operand(), rename), c.type());
        }
        if (e instanceof Expr.Ite i) {
            return new Expr.Ite(renamed(i.condition(), rename), renamed(i.ifTrue(), rename), renamed(i.ifFalse(), rename), i.type());
        }
        return e;
    }

    private static boolean usedIn(Variable v, Set<Block> loop) {
        for (Block b : loop) {
            for (Stmt s : b.statements()) {
                if (VariableUses.reads(s).contains(v) || v.equals(VariableUses.written(s))) {
                    return true;
                }
            }
            if (VariableUses.reads(b.terminator()).contains(v)) {
                return true;
            }
        }
        return false;
    }
}
