package pdpv.cegar;

import java.util.ArrayList;
import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Program;
import pdpv.cfg.SignedOverflows;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.interp.Execution;
import pdpv.interp.InputEvent;

/**
 * How the evidence behind a verdict is shown to the user, the same for the CEGAR loop (thesis
 * §4.3.2) and the symbolic encoding (§4.2.1): an UNSAFE verdict from a replayed run that fails an
 * assertion, and the source location that names a loop in a certificate or a reason.
 */
final class Evidence {
    private Evidence() {
    }

    /** The UNSAFE verdict of {@code run}, a run from the entry of {@code program} that failed an assertion. */
    static Verdict unsafe(Program program, Execution run, VerifierStatistics statistics) {
        List<Verdict.InputValue> inputs = new ArrayList<>();
        for (InputEvent e : run.inputs()) {
            Stmt.Havoc h = e.havoc();
            String name = h.target().kind() == Variable.Kind.TEMPORARY ? null
                    : e.isCell() ? h.target().cellName(e.index()) : h.target().sourceName();
            String source = e.isCell() ? h.description() + h.target().subscripts(e.index()) : h.description();
            inputs.add(new Verdict.InputValue(name, source, h.loc(), h.target().type().format(e.value())));
        }
        Stmt.Assert failed = run.failedAssertion();
        SourceLoc overflow = SignedOverflows.isGuard(failed.condition()) ? failed.loc() : run.firstOverflow();
        return Verdict.unsafe(inputs, new Verdict.FailedAssertion(failed.loc(), failed.text(), overflow),
                sourcePath(program, run), statistics);
    }

    /** Where a loop is, for the user: its head's branch, else its first statement ({@link Block#location()}). */
    static SourceLoc headLocation(Block head) {
        return head.location();
    }

    /** Where the loop statement of a head begins (its keyword), else the head's location. */
    static SourceLoc statementLocation(Block head) {
        return head.loopStatement() != null ? head.loopStatement() : headLocation(head);
    }

    /** A loop named for the user in a reason: "the loop at FILE:LINE". */
    static String describe(Loop l) {
        SourceLoc at = headLocation(l.head());
        return "the loop at " + at.file() + ":" + at.line();
    }

    /** The source lines of the blocks the failing run visited, without immediate repetitions. */
    private static List<SourceLoc> sourcePath(Program program, Execution run) {
        List<SourceLoc> path = new ArrayList<>();
        for (int id : run.path()) {
            for (Stmt s : program.block(id).statements()) {
                SourceLoc loc = s.loc();
                if (path.isEmpty() || path.get(path.size() - 1).line() != loc.line()) {
                    path.add(loc);
                }
            }
        }
        return path;
    }
}
