package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.encode.ExprEncoder;
import pdpv.encode.Z3Algebra;
import pdpv.pdr.InputVar;
import pdpv.pdr.PdrResult;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * The model checking instance of thesis §4.2.1 ("Explicit Modeling the Program Counter") for a
 * whole function. State: the program counter p, the index of the block about to run (the entry is
 * 0) or ERROR, and one variable per program variable whose value can matter when a block starts
 * (one that some block reads before writing it). I: p = entry, the variables unconstrained, as in F
 * (§4.3.1; the front end havocs or assigns every variable where C gives it a value). T: one step
 * runs the whole block B_p, its statements in sequence, each assignment's value substituted into
 * the statements after it and each havoc reading an input of its own; a false assumption leaves
 * no successor, a false assertion leads to p′ = ERROR, otherwise the terminator chooses p′; a
 * halting block, ERROR and the unused values of p have no successor. B: p = ERROR. T is in
 * functional form (x′ = f(x, i) under constraints C(x, i)), so that the engine can expand
 * predecessors by simulation (§3.3).
 */
final class ProgramCounterSystem {
    private final List<Block> blocks;
    private final Map<Block, Integer> index = new HashMap<>();
    private final int error;
    private final StateVar pc;
    private final Map<Variable, StateVar> variables = new LinkedHashMap<>();
    private final Map<Block, List<HavocInput>> havocs = new HashMap<>();
    private final List<InputVar> inputs = new ArrayList<>();
    private final TransitionSystem system;

    /** A havoc statement and the input that gives its value in a step that runs its block. */
    private record HavocInput(Stmt.Havoc havoc, InputVar input) {
    }

    /** What one step through a block computes: the variables' values after it, its assumptions, its assertion. */
    private record BlockEffect(Map<Variable, BitVecExpr> after, List<BoolExpr> assumptions, BoolExpr assertionHolds) {
    }

    /**
     * The values and inputs a trace of the engine gives the program: per havoc statement its values
     * in the order the steps execute it, and the statements and terminators the steps run.
     */
    record Replay(Map<Stmt.Havoc, List<Long>> havocValues, long steps) {
    }

    /** The instance for {@code program}; {@link #unsupported} must have found nothing. */
    ProgramCounterSystem(Context ctx, Program program) {
        this.blocks = program.blocks();
        for (int k = 0; k < blocks.size(); k++) {
            index.put(blocks.get(k), k);
        }
        this.error = blocks.size();
        this.pc = StateVar.of(ctx, "pdpv!pc", Math.max(1, 64 - Long.numberOfLeadingZeros(error)));
        for (Variable v : stateVariables(program)) {
            variables.put(v, StateVar.of(ctx, v.name(), v.type().width()));
        }
        this.system = encode(ctx, new ExprEncoder(program.semantics(), new Z3Algebra(ctx)));
    }

    TransitionSystem system() {
        return system;
    }

    /** The state variable of each modelled program variable. */
    Map<Variable, StateVar> variables() {
        return variables;
    }

    /** {@code invariant} at p = the index of {@code b}, simplified: a formula over the program variables. */
    BoolExpr at(Context ctx, Block b, BoolExpr invariant) {
        Params keepShapes = ctx.mkParams();
        keepShapes.add("elim_sign_ext", false);
        return (BoolExpr) invariant.substitute(pc.current(), pcOf(ctx, b)).simplify(keepShapes);
    }

    /** The havoc values and the length in interpreter steps of the run that {@code trace} describes. */
    Replay replay(PdrResult.Fails trace) {
        Map<Stmt.Havoc, List<Long>> values = new LinkedHashMap<>();
        long steps = 0;
        for (int j = 0; j < trace.length(); j++) {
            Block b = blocks.get(trace.states().get(j).get(pc.name()).intValue());
            for (HavocInput h : havocs.getOrDefault(b, List.of())) {
                values.computeIfAbsent(h.havoc(), k -> new ArrayList<>()).add(trace.inputs().get(j).get(h.input().name()));
            }
            steps += b.statements().size() + 1;
        }
        return new Replay(values, steps);
    }

    /**
     * The variables whose value can matter when a block starts: those some block reads before it
     * writes them (in the program's order). Any other variable, a compiler temporary say, is written
     * before every read within the same step, so it needs no state variable.
     */
    private static List<Variable> stateVariables(Program program) {
        Set<Variable> exposed = new HashSet<>();
        for (Block b : program.blocks()) {
            Set<Variable> written = new HashSet<>();
            for (Stmt s : b.statements()) {
                VariableUses.reads(s).stream().filter(v -> !written.contains(v)).forEach(exposed::add);
                Variable w = VariableUses.written(s);
                if (w != null) {
                    written.add(w);
                }
            }
            VariableUses.reads(b.terminator()).stream().filter(v -> !written.contains(v)).forEach(exposed::add);
        }
        return program.variables().stream().filter(exposed::contains).toList();
    }

    private TransitionSystem encode(Context ctx, ExprEncoder exprs) {
        BitVecExpr errorPc = ctx.mkBV(error, pc.width());
        Map<Variable, BitVecExpr> current = new LinkedHashMap<>();
        variables.forEach((v, s) -> current.put(v, s.current()));
        Map<Variable, BitVecExpr> next = new LinkedHashMap<>(current);
        BitVecExpr nextPc = pc.current();
        List<BoolExpr> constraints = new ArrayList<>();
        constraints.add(ctx.mkBVULT(pc.current(), errorPc));
        for (int k = blocks.size() - 1; k >= 0; k--) {
            Block b = blocks.get(k);
            BoolExpr here = ctx.mkEq(pc.current(), pcOf(ctx, b));
            BlockEffect effect = run(ctx, exprs, b, current);
            List<BoolExpr> guard = new ArrayList<>(effect.assumptions());
            BitVecExpr successor = successor(ctx, exprs, b.terminator(), effect.after());
            if (effect.assertionHolds() != null) {
                if (successor == null) {
                    guard.add(ctx.mkNot(effect.assertionHolds()));
                    successor = errorPc;
                } else {
                    successor = (BitVecExpr) ctx.mkITE(effect.assertionHolds(), successor, errorPc);
                }
            }
            if (successor == null) {
                guard.add(ctx.mkFalse());
            } else {
                nextPc = (BitVecExpr) ctx.mkITE(here, successor, nextPc);
            }
            if (!guard.isEmpty()) {
                constraints.add(ctx.mkImplies(here, ctx.mkAnd(guard.toArray(new BoolExpr[0]))));
            }
            for (Map.Entry<Variable, BitVecExpr> e : current.entrySet()) {
                BitVecExpr after = effect.after().get(e.getKey());
                if (!after.equals(e.getValue())) {
                    next.put(e.getKey(), (BitVecExpr) ctx.mkITE(here, after, next.get(e.getKey())));
                }
            }
        }
        Map<String, BitVecExpr> functions = new LinkedHashMap<>();
        functions.put(pc.name(), nextPc);
        variables.forEach((v, s) -> functions.put(s.name(), next.get(v)));
        List<StateVar> vars = new ArrayList<>();
        vars.add(pc);
        vars.addAll(variables.values());
        return TransitionSystem.functional(ctx, vars, inputs, ctx.mkEq(pc.current(), pcOf(ctx, blocks.get(0))),
                functions, constraints, ctx.mkEq(pc.current(), errorPc));
    }

    /** The statements of {@code b} in sequence from the values {@code before} (SSA within the step). */
    private BlockEffect run(Context ctx, ExprEncoder exprs, Block b, Map<Variable, BitVecExpr> before) {
        Map<Variable, BitVecExpr> values = new LinkedHashMap<>(before);
        List<BoolExpr> assumptions = new ArrayList<>();
        BoolExpr holds = null;
        List<HavocInput> blockHavocs = new ArrayList<>();
        List<Stmt> statements = b.statements();
        for (int i = 0; i < statements.size(); i++) {
            Stmt s = statements.get(i);
            if (s instanceof Stmt.Assign a) {
                values.put(a.target(), exprs.value(a.value(), values));
            } else if (s instanceof Stmt.Havoc h) {
                InputVar in = InputVar.of(ctx, h.target().name() + "!B" + b.id() + "." + i, h.target().type().width());
                inputs.add(in);
                blockHavocs.add(new HavocInput(h, in));
                values.put(h.target(), in.expr());
            } else if (s instanceof Stmt.Assume a) {
                assumptions.add(exprs.truth(a.condition(), values));
            } else {
                holds = exprs.truth(((Stmt.Assert) s).condition(), values);
            }
        }
        havocs.put(b, blockHavocs);
        return new BlockEffect(values, assumptions, holds);
    }

    /** The index of the block the terminator leads to, or null when it halts. */
    private BitVecExpr successor(Context ctx, ExprEncoder exprs, Terminator t, Map<Variable, BitVecExpr> values) {
        if (t instanceof Terminator.Jump j) {
            return pcOf(ctx, j.target());
        }
        if (t instanceof Terminator.Branch br) {
            return (BitVecExpr) ctx.mkITE(exprs.truth(br.condition(), values),
                    pcOf(ctx, br.ifTrue()), pcOf(ctx, br.ifFalse()));
        }
        return null;
    }

    private BitVecExpr pcOf(Context ctx, Block b) {
        return ctx.mkBV(index.get(b), pc.width());
    }
}
