package pdpv.cfg;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Program slicing for verification (Weiser's slicing on the CFG, as Symbiotic slices a program
 * before it verifies it and as CPAchecker and Frama-C's Slicing keep only what a property's
 * cone of influence needs): the graph part of skipping a loop whose writes nothing observed depends on.
 * {@link #observedAfter} is the cone of influence of the checks after a loop (assertions, assumptions
 * — under SV-COMP's reading of undefined behaviour the front end's guards are assumptions — and branch
 * conditions, closed under the assignments that feed them; an array counts as one variable, its cells
 * together); {@link #withoutLoop} replaces a loop by one block that havocs what the loop writes
 * ({@link Stmt.Havoc.Reason#SKIPPED_LOOP}) and goes on to its one exit. That the replacement keeps
 * the reachability of every check exact also needs the loop to terminate from every entry state and
 * to pass no check that can fail; proving those is the verifier's part ({@code cegar.LoopSlicer}).
 */
public final class ProgramSlice {
    private ProgramSlice() {
    }

    /** The one block outside {@code loop} that its exits lead to, or null if there are none or several. */
    public static Block exitTarget(Loop loop) {
        Block target = null;
        for (Block b : loop.body()) {
            for (Block s : b.successors()) {
                if (!loop.body().contains(s)) {
                    if (target != null && target != s) {
                        return null;
                    }
                    target = s;
                }
            }
        }
        return target;
    }

    /**
     * The variables whose values can reach a check on some path after {@code loop} exits: the
     * variables read by an assertion, an assumption or a branch in a block reachable from the
     * loop's exits (the loop itself included when a path leads back to it), and, transitively, the
     * variables read by an assignment in those blocks to one of them. Flow-insensitive over those
     * blocks, hence an over-approximation of the cone of influence.
     */
    public static Set<Variable> observedAfter(Loop loop) {
        Set<Block> after = new LinkedHashSet<>();
        ArrayDeque<Block> work = new ArrayDeque<>();
        for (Block b : loop.body()) {
            for (Block s : b.successors()) {
                if (!loop.body().contains(s) && after.add(s)) {
                    work.add(s);
                }
            }
        }
        while (!work.isEmpty()) {
            for (Block s : work.poll().successors()) {
                if (after.add(s)) {
                    work.add(s);
                }
            }
        }
        Set<Variable> observed = new LinkedHashSet<>();
        for (Block b : after) {
            observed.addAll(VariableUses.reads(b.terminator()));
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assume || s instanceof Stmt.Assert) {
                    observed.addAll(VariableUses.reads(s));
                }
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Block b : after) {
                for (Stmt s : b.statements()) {
                    Variable w = VariableUses.written(s);
                    if (w != null && observed.contains(w)) {
                        grew |= observed.addAll(VariableUses.reads(s));
                    }
                }
            }
        }
        return observed;
    }

    /**
     * {@code program} with {@code loop} replaced by one block (with the head's id) that havocs
     * {@code written} in the program's order of variables, at the head's location and with
     * {@code description} for the user, and jumps to {@code exit}, the loop's one exit target.
     */
    public static Program withoutLoop(Program program, Loop loop, Set<Variable> written, Block exit, String description) {
        Map<Block, Block> copies = new HashMap<>();
        Block summary = new Block(loop.head().id());
        SourceLoc at = loop.head().location();
        for (Variable v : program.variables()) {
            if (written.contains(v)) {
                summary.add(new Stmt.Havoc(v, Stmt.Havoc.Reason.SKIPPED_LOOP, description, at));
            }
        }
        for (Block b : program.blocks()) {
            if (!loop.body().contains(b)) {
                Block c = new Block(b.id());
                b.statements().forEach(c::add);
                if (b.loopStatement() != null) {
                    c.setLoopStatement(b.loopStatement());
                }
                copies.put(b, c);
            }
        }
        for (Block b : loop.body()) {
            copies.put(b, summary);
        }
        summary.setTerminator(new Terminator.Jump(copies.get(exit)));
        for (Block b : program.blocks()) {
            if (loop.body().contains(b)) {
                continue;
            }
            Terminator t = b.terminator();
            Terminator moved = t;
            if (t instanceof Terminator.Jump j) {
                moved = new Terminator.Jump(copies.get(j.target()));
            } else if (t instanceof Terminator.Branch br) {
                moved = new Terminator.Branch(br.condition(), copies.get(br.ifTrue()), copies.get(br.ifFalse()), br.loc());
            }
            copies.get(b).setTerminator(moved);
        }
        return new Program(program.file(), program.function(), program.semantics(), program.variables(),
                copies.get(program.entry()), program.functions(), program.addresses());
    }

    /** The havocs of skipped loops in {@code program}, in block order. */
    public static List<Stmt.Havoc> skippedHavocs(Program program) {
        return program.blocks().stream().flatMap(b -> b.statements().stream())
                .filter(s -> s instanceof Stmt.Havoc h && h.reason() == Stmt.Havoc.Reason.SKIPPED_LOOP)
                .map(s -> (Stmt.Havoc) s).toList();
    }
}
