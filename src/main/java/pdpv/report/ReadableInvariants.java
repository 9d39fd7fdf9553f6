package pdpv.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import pdpv.cegar.Verdict;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.witness.InvariantSelection;
import pdpv.witness.PlainBudget;

/**
 * The loop invariants of a SAFE answer as a person reads them (issue 21): each loop's certificate
 * (thesis §4.3.3, a two-state invariant over the values at the head and on entry) restated over the
 * head's state alone, completed and kept inductive as a correctness witness states it, and written
 * plainly ({@link InvariantSelection}); the same text goes into the witness. {@code problem} is null
 * when these one-state invariants prove the program on their own (the witness validator's check),
 * else why not: then only the two-state certificate is the proof. {@code late} when the budget
 * was spent before they were written plainly: then {@code byStatement} holds them as selected (what a
 * witness may still state), and a person is shown the two-state certificate instead.
 */
public record ReadableInvariants(Map<SourceLoc, String> byStatement, String problem, boolean late) {
    /** None: the answer has no loop invariants (not SAFE, a loop-free program, or a proof by complete unrolling). */
    public static final ReadableInvariants NONE = new ReadableInvariants(Map.of(), null, false);

    /**
     * The plain invariants of {@code verdict}'s certificates for {@code program}, the program it
     * answers, written plainly until {@code budget} is spent.
     */
    public static ReadableInvariants of(Verdict verdict, Program program, PlainBudget budget) {
        if (verdict.kind() != Verdict.Kind.SAFE || verdict.invariants().isEmpty()) {
            return NONE;
        }
        Map<SourceLoc, String> atHeads = new LinkedHashMap<>();
        Map<SourceLoc, List<String>> conjectures = new LinkedHashMap<>();
        verdict.invariants().forEach(c -> {
            // the copies of a loop in an inlined function share its location: their invariants are candidates together
            atHeads.merge(c.statement(), c.atHead(), (a, b) -> a.equals(b) ? a : "(" + a + ") && (" + b + ")");
            conjectures.merge(c.statement(), c.conjectures(), (a, b) -> Stream.concat(a.stream(), b.stream()).toList());
        });
        InvariantSelection.Selection s = InvariantSelection.select(program, atHeads, conjectures, budget);
        return new ReadableInvariants(s.invariants(), s.problem(), s.late());
    }

    /** The plain invariant of the loop of {@code certificate}; null if there is none. */
    public String of(Verdict.LoopCertificate certificate) {
        return byStatement.get(certificate.statement());
    }

    public boolean isEmpty() {
        return byStatement.isEmpty();
    }
}
