package pdpv.witness;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import java.util.Set;

/**
 * {@code pdpv check-witness}: confirms or rejects a witness for a program. The program must be the
 * file the witness names (same SHA-256). A correctness witness is checked by {@link InvariantCheck}
 * (for a program that reads no input, by its one run, {@link OneRun}, when the run decides),
 * a violation witness by {@link ViolationReplay}.
 */
public final class WitnessValidator {
    private WitnessValidator() {
    }

    /** The outcome: confirmed, or rejected with the reason. */
    public record Outcome(boolean confirmed, String kind, String reason) {
    }

    /** Whether {@code invariants} are inductive and prove every assertion, by {@link InvariantCheck}. */
    static boolean proves(Program program, LoopHeads loops, Map<Block, List<Expr>> invariants, PlainBudget budget) {
        return problem(program, loops, invariants, budget) == null;
    }

    /**
     * Null if {@code invariants} are inductive and prove every assertion, else the first condition that
     * fails; the checks stop with {@link PlainBudget.Spent} once {@code budget} is spent.
     */
    static String problem(Program program, LoopHeads loops, Map<Block, List<Expr>> invariants, PlainBudget budget) {
        try (Context ctx = new Context()) {
            return new InvariantCheck(ctx, program, loops, invariants, budget).check();
        }
    }

    /** {@link #problem} for invariants that {@link Houdini} answered, inductive: only the assertions are checked. */
    static String problemOfInductive(Program program, LoopHeads loops, Map<Block, List<Expr>> invariants, PlainBudget budget) {
        try (Context ctx = new Context()) {
            return new InvariantCheck(ctx, program, loops, invariants, budget).assertionsOfInductive();
        }
    }

    /**
     * Null if every location of {@code witness} lies in the function its {@code location.function}
     * names (format 2.0 requires it; a location in no function of the program is left to the
     * checks that follow), else the first that does not.
     */
    private static String misplacedFunction(Program program, Witness witness) {
        record Located(String file, int line, int column, String function, String what) {
        }
        List<Located> locations = new ArrayList<>();
        if (witness instanceof Witness.Correctness c) {
            c.invariants().forEach(i -> locations.add(new Located(i.file(), i.line(), i.column(), i.function(), i.toString())));
        } else {
            ((Witness.Violation) witness).waypoints().forEach(w -> locations.add(new Located(w.file(), w.line(), w.column(), w.function(),
                    "the " + w.type() + " waypoint at line " + w.line() + ", column " + w.column())));
        }
        for (Located l : locations) {
            // the file as the program names it: the program's own, or a header one of its functions is defined in
            String file = CallSites.sameFile(l.file(), program.file()) ? program.file()
                    : program.functions().stream().map(f -> f.start().file()).filter(f -> CallSites.sameFile(f, l.file()))
                            .findFirst().orElse(l.file());
            String actual = program.functionAt(new SourceLoc(file, l.line(), l.column()));
            if (actual != null && !actual.equals(l.function())) {
                return l.what() + " is in function " + actual + ", not in " + l.function() + " as its location.function says";
            }
        }
        return null;
    }

    /**
     * Steps a violation witness's replay may take by default ({@code check-witness --max-steps}): an
     * accelerated counterexample of PDPV is 10^8 iterations deep (4*10^8 steps for the two-block loop
     * of examples/accel_stride_unsafe.c), which the compiled interpreter replays in seconds; the
     * bound leaves room for five times that. A replay that reaches it rejects the witness.
     */
    public static final long DEFAULT_MAX_STEPS = 2_000_000_000L;

    /** Checks {@code witness} for {@code program}, lowered from {@code file}, a replay within {@link #DEFAULT_MAX_STEPS}. */
    public static Outcome check(Path file, Program program, Witness witness) throws IOException {
        return check(file, program, witness, DEFAULT_MAX_STEPS);
    }

    /** Checks {@code witness} for {@code program}, lowered from {@code file}; a violation witness's replay takes at most {@code maxSteps} steps. */
    public static Outcome check(Path file, Program program, Witness witness, long maxSteps) throws IOException {
        String kind = witness instanceof Witness.Correctness ? "correctness witness" : "violation witness";
        String hash = Task.sha256(file);
        if (!witness.metadata().fileHashes().containsValue(hash)) {
            return new Outcome(false, kind, "the witness is for another file: no input_file_hashes entry is " + hash);
        }
        String misplaced = misplacedFunction(program, witness);
        if (misplaced != null) {
            return new Outcome(false, kind, misplaced);
        }
        String problem;
        if (witness instanceof Witness.Correctness c) {
            LoopHeads loops = new LoopHeads(program);
            InvariantParser parser = new InvariantParser(program, program.semantics().model());
            Map<Block, List<Expr>> invariants = new LinkedHashMap<>();
            Map<Stmt, List<Expr>> atStatements = new LinkedHashMap<>();
            for (Witness.Invariant inv : c.invariants()) {
                if (!inv.atLoop()) {
                    List<Stmt> at = new ArrayList<>();
                    for (Block b : program.blocks()) {
                        for (Stmt s : b.statements()) {
                            if (s.loc().line() == inv.line() && s.loc().column() == inv.column()) {
                                at.add(s);
                                atStatements.computeIfAbsent(s, k -> new ArrayList<>()).add(parser.parse(inv.value(), Set.of(b)));
                            }
                        }
                    }
                    if (at.isEmpty()) {
                        return new Outcome(false, kind, "no statement of " + program.function() + " starts at line " + inv.line()
                                + ", column " + inv.column());
                    }
                    continue;
                }
                List<Block> heads = loops.all(inv.line(), inv.column());
                if (heads.isEmpty()) {
                    return new Outcome(false, kind, "no loop of " + program.function() + " starts at line " + inv.line()
                            + ", column " + inv.column());
                }
                // an invariant at a loop of a function holds at every inlined copy of that loop
                for (Block head : heads) {
                    invariants.computeIfAbsent(head, k -> new ArrayList<>()).add(parser.parse(inv.value(), loops.body(head)));
                }
            }
            OneRun.Answer run = atStatements.isEmpty() ? OneRun.check(program, invariants) : OneRun.Answer.UNDECIDED;
            if (run.decided()) {
                problem = run.problem();
            } else {
                try (Context ctx = new Context()) {
                    problem = new InvariantCheck(ctx, program, loops, invariants, atStatements).check();
                }
            }
        } else {
            problem = new ViolationReplay(program, Files.readString(file, StandardCharsets.ISO_8859_1), maxSteps)
                    .check(((Witness.Violation) witness).waypoints());
        }
        return new Outcome(problem == null, kind, problem);
    }
}
