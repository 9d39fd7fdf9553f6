package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Solver;
import java.util.List;
import pdpv.cfg.Variable;

/**
 * A program as constrained Horn clauses by the Large Step Encoding (Gurfinkel 2018 slides): one
 * predicate per loop head over {@code variables} (in this order), and the clauses, each
 * ∀x. body ⇒ head, in the Z3 context that owns them. Satisfiable iff no assertion can fail.
 */
public record ChcSystem(Context context, ChcEncoding encoding, List<Variable> variables,
                        List<FuncDecl<BoolSort>> predicates, List<BoolExpr> clauses) {
    public ChcSystem {
        variables = List.copyOf(variables);
        predicates = List.copyOf(predicates);
        clauses = List.copyOf(clauses);
    }

    /**
     * The system as an SMT-LIB script that {@code z3 file.smt2} and other CHC solvers read:
     * (set-logic HORN), a declare-fun per predicate, an assert per clause, (check-sat).
     */
    public String toSmtLib() {
        Solver printer = context.mkSolver();
        printer.add(clauses.toArray(new BoolExpr[0]));
        StringBuilder sb = new StringBuilder("; PDPV constrained Horn clauses, large-block encoding over ");
        sb.append(encoding == ChcEncoding.BIT_VECTOR ? "bit-vectors (C semantics)" : "mathematical integers (no wrap-around)");
        sb.append("\n; predicate arguments:");
        for (Variable v : variables) {
            sb.append(' ').append(v.name());
        }
        sb.append("\n(set-logic HORN)\n").append(printer).append("(check-sat)\n");
        return sb.toString();
    }
}
