package pdpv.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.UbReading;
import pdpv.semantics.UndefinedBehaviour;

/**
 * The blocks reachable from one start block, compiled once for the interpreter of thesis §4.3.2
 * (a replay from the entry, a run from a loop head, the tests of Algorithm 6.1, which run the same
 * blocks many times): each variable they mention gets a slot of a {@link State}, each expression
 * a {@link Code} or {@link Cond} of the {@link CompilingAlgebra}, each block an array of
 * statements and the indices of its successors, each havoc an index for its occurrence counter,
 * and the blocks where {@link RepeatDetector} looks for a repeated state are marked. A {@link Run}
 * executes it; the meaning of every statement is the same as the IR's.
 */
final class CompiledProgram {
    /** What one statement does; {@code kind} selects the field that is set. */
    static final class Statement {
        static final int ASSIGN = 0;
        static final int HAVOC = 1;
        static final int ASSUME = 2;
        static final int ASSERT = 3;
        static final int ARRAY_ASSIGN = 4;

        final int kind;
        final Stmt source;
        final int target;
        final long targetMask;
        final Code value;
        final Cond condition;
        final int havoc;
        /** The operations of the statement's expression that SMT-LIB defines and C does not, in evaluation order; null if none. */
        final UndefinedCheck[] undefined;
        /** An array assignment's stores, outermost first; null for other statements. */
        final ArrayStore[] stores;
        /** An array assignment's base array when it is another array variable's whole value, else null. */
        final Variable baseArray;
        /** An array assignment's base fill when {@link #baseArray} is null and the base is not the target itself. */
        final Long baseFill;

        Statement(int kind, Stmt source, int target, long targetMask, Code value, Cond condition, int havoc,
                  UndefinedCheck[] undefined) {
            this(kind, source, target, targetMask, value, condition, havoc, undefined, null, null, null);
        }

        Statement(int kind, Stmt source, int target, long targetMask, Code value, Cond condition, int havoc,
                  UndefinedCheck[] undefined, ArrayStore[] stores, Variable baseArray, Long baseFill) {
            this.kind = kind;
            this.source = source;
            this.target = target;
            this.targetMask = targetMask;
            this.value = value;
            this.condition = condition;
            this.havoc = havoc;
            this.undefined = undefined;
            this.stores = stores;
            this.baseArray = baseArray;
            this.baseFill = baseFill;
        }
    }

    /**
     * One store of an array assignment (issue #20): the cell's index and value, and the operations
     * that SMT-LIB defines and C does not, of the write itself and then of the value (null if none).
     */
    record ArrayStore(Code index, Code value, UndefinedCheck[] storeUndefined, UndefinedCheck[] valueUndefined) {
    }

    /** The state whose arrays the compiled cell reads read: the run's, bound by {@link #newState}. */
    static final class Cells {
        State state;
    }

    /** An operation with undefined behaviour of {@code kind} that the run performs when {@code violated} holds. */
    record UndefinedCheck(UndefinedBehaviour kind, Cond violated) {
    }

    /** One compiled block: statements, and how control leaves it. */
    static final class CompiledBlock {
        final Block block;
        final int id;
        Statement[] statements;
        /** Null for a jump or a halt. */
        Cond branch;
        UndefinedCheck[] branchUndefined;
        /** Successor indices: the jump's target or the branch's true side, and the false side; -1 for a halt. */
        int ifTrue = -1;
        int ifFalse = -1;
        boolean checkpoint;

        CompiledBlock(Block block) {
            this.block = block;
            this.id = block.id();
        }
    }

    final Block start;
    final CompiledBlock[] blocks;
    /** Whether the blocks read or write an array: then their cell reads are bound to one run's state. */
    private final boolean arrays;
    private final Cells cells;
    final Map<Variable, Integer> slots;
    final List<Variable> variables;
    final List<Stmt.Havoc> havocs;
    /** Statements plus terminators of each block, for bulk step counting. */
    final int[] stepsOf;

    private CompiledProgram(Block start, CompiledBlock[] blocks, Map<Variable, Integer> slots, List<Variable> variables,
                            List<Stmt.Havoc> havocs, boolean arrays, Cells cells) {
        this.start = start;
        this.arrays = arrays;
        this.cells = cells;
        this.blocks = blocks;
        this.slots = slots;
        this.variables = variables;
        this.havocs = havocs;
        this.stepsOf = new int[blocks.length];
        for (int i = 0; i < blocks.length; i++) {
            stepsOf[i] = blocks[i].statements.length + 1;
        }
    }

    /** Compiles the blocks reachable from {@code start} under {@code semantics}. */
    static CompiledProgram compile(CSemantics semantics, Block start) {
        List<Block> reachable = reachable(start);
        Map<Block, Integer> index = new IdentityHashMap<>();
        for (Block b : reachable) {
            index.put(b, index.size());
        }
        Map<Variable, Integer> slots = new LinkedHashMap<>();
        List<Variable> variables = new ArrayList<>();
        Set<Variable> arrays = new HashSet<>();
        for (Block b : reachable) {
            for (Stmt s : b.statements()) {
                VariableUses.reads(s).forEach(v -> addSlot(v, slots, variables, arrays));
                Variable w = VariableUses.written(s);
                if (w != null) {
                    addSlot(w, slots, variables, arrays);
                }
            }
            VariableUses.reads(b.terminator()).forEach(v -> addSlot(v, slots, variables, arrays));
        }
        CompilingAlgebra algebra = new CompilingAlgebra();
        ExprEvaluator<Code, Cond> walk = new ExprEvaluator<>(semantics, algebra);
        Map<Variable, Code> reads = new HashMap<>();
        slots.forEach((v, s) -> reads.put(v, algebra.variable(s, v.type().width())));
        Cells cells = new Cells();
        Compiler c = new Compiler(walk, new Valuation<>() {
            @Override
            public Code scalar(Variable v) {
                return reads.get(v);
            }

            @Override
            public Code cell(Variable array, Code index) {
                int w = array.type().width();
                return new Code.Op(w, v -> cells.state.array(array).get(new BitVec(index.eval(v), index.width)).bits());
            }
        }, new UbGuards(semantics, semantics.readings().kinds(UbReading.DEFINED)));
        List<Stmt.Havoc> havocs = new ArrayList<>();
        Map<Stmt.Havoc, Integer> havocIndex = new IdentityHashMap<>();
        CompiledBlock[] blocks = new CompiledBlock[reachable.size()];
        Set<Block> checkpoints = retreatingTargets(start);
        for (int i = 0; i < blocks.length; i++) {
            Block b = reachable.get(i);
            CompiledBlock cb = new CompiledBlock(b);
            List<Statement> statements = new ArrayList<>();
            for (Stmt s : b.statements()) {
                statements.add(c.statement(s, slots, havocs, havocIndex));
            }
            cb.statements = statements.toArray(new Statement[0]);
            Terminator t = b.terminator();
            if (t instanceof Terminator.Jump j) {
                cb.ifTrue = index.get(j.target());
            } else if (t instanceof Terminator.Branch br) {
                cb.branch = c.truth(br.condition());
                cb.branchUndefined = c.undefined(br.condition());
                cb.ifTrue = index.get(br.ifTrue());
                cb.ifFalse = index.get(br.ifFalse());
            } else if (!(t instanceof Terminator.Halt)) {
                throw new IllegalStateException("B" + b.id() + " has no terminator");
            }
            cb.checkpoint = checkpoints.contains(b);
            blocks[i] = cb;
        }
        return new CompiledProgram(start, blocks, slots, variables, havocs, !arrays.isEmpty(), cells);
    }

    /** Whether the blocks read or write an array (a program with arrays is compiled for each run). */
    boolean hasArrays() {
        return arrays;
    }

    private static void addSlot(Variable v, Map<Variable, Integer> slots, List<Variable> variables, Set<Variable> arrays) {
        if (v.isArray()) {
            arrays.add(v);
        } else if (!slots.containsKey(v)) {
            slots.put(v, slots.size());
            variables.add(v);
        }
    }

    /** A fresh state laid out for this program, with {@code initial} values (cut to their widths). */
    State newState(Map<Variable, Long> initial, int indexWidth) {
        State s = new State(slots, variables, indexWidth);
        initial.forEach((v, b) -> s.set(v, new BitVec(b, v.type().width())));
        cells.state = s;
        return s;
    }

    /** Where the compiled run needs the source: a statement's location. */
    static SourceLoc loc(Statement s) {
        return s.source.loc();
    }

    /** Compiles expressions of one program. */
    private record Compiler(ExprEvaluator<Code, Cond> walk, Valuation<Code> reads, UbGuards unguarded) {
        Code value(Expr e) {
            return walk.value(e, reads);
        }

        Cond truth(Expr e) {
            return walk.truth(e, reads);
        }

        /**
         * The operations of {@code e} whose undefined behaviour is read as SMT-LIB's (the front end
         * has guarded the other kinds), each with when it is performed; null if none can be.
         */
        UndefinedCheck[] undefined(Expr e) {
            return checks(unguarded.of(e));
        }

        private UndefinedCheck[] checks(List<UbGuards.Guard> guards) {
            List<UndefinedCheck> out = new ArrayList<>();
            for (UbGuards.Guard g : guards) {
                Cond holds = truth(g.condition());
                if (!(holds instanceof Cond.Fixed f && f.value)) {
                    out.add(new UndefinedCheck(g.kind(), new CompilingAlgebra().lnot(holds)));
                }
            }
            return out.isEmpty() ? null : out.toArray(new UndefinedCheck[0]);
        }

        Statement statement(Stmt s, Map<Variable, Integer> slots, List<Stmt.Havoc> havocs, Map<Stmt.Havoc, Integer> havocIndex) {
            if (s instanceof Stmt.Assign a) {
                Code value = value(a.value());
                if (value.width != a.target().type().width()) {
                    throw new IllegalStateException("ill-typed assignment " + a);
                }
                return new Statement(Statement.ASSIGN, s, slots.get(a.target()), value.mask, value, null, -1, undefined(a.value()));
            }
            if (s instanceof Stmt.ArrayAssign a) {
                return arrayAssign(a);
            }
            if (s instanceof Stmt.Havoc h) {
                Integer k = havocIndex.get(h);
                if (k == null) {
                    k = havocs.size();
                    havocIndex.put(h, k);
                    havocs.add(h);
                }
                int width = h.target().type().width();
                int target = h.target().isArray() ? -1 : slots.get(h.target());
                return new Statement(Statement.HAVOC, s, target, Code.Words64.mask(width), null, null, k, null);
            }
            if (s instanceof Stmt.Assume a) {
                return new Statement(Statement.ASSUME, s, -1, 0, null, truth(a.condition()), -1, undefined(a.condition()));
            }
            Stmt.Assert a = (Stmt.Assert) s;
            return new Statement(Statement.ASSERT, s, -1, 0, null, truth(a.condition()), -1, undefined(a.condition()));
        }

        /** An array assignment: its stores outermost first, and its base (the target itself, another array, a fill). */
        private Statement arrayAssign(Stmt.ArrayAssign a) {
            List<ArrayStore> stores = new ArrayList<>();
            ArrayExpr base = a.value();
            while (base instanceof ArrayExpr.Store st) {
                stores.add(new ArrayStore(value(st.index()), value(st.value()), checks(unguarded.ofStore(a.target(), st.index())),
                        undefined(st.value())));
                base = st.base();
            }
            Variable baseArray = null;
            Long baseFill = null;
            if (base instanceof ArrayExpr.Whole w && w.array() != a.target()) {
                baseArray = w.array();
            } else if (base instanceof ArrayExpr.Filled f) {
                baseFill = f.bits();
            }
            return new Statement(Statement.ARRAY_ASSIGN, a, -1, 0, null, null, -1, null, stores.toArray(new ArrayStore[0]),
                    baseArray, baseFill);
        }
    }

    /** The blocks reachable from {@code start}, start first. */
    private static List<Block> reachable(Block start) {
        List<Block> order = new ArrayList<>();
        Set<Block> seen = new HashSet<>();
        Deque<Block> work = new ArrayDeque<>();
        work.add(start);
        seen.add(start);
        while (!work.isEmpty()) {
            Block b = work.poll();
            order.add(b);
            if (!b.hasTerminator()) {
                throw new IllegalStateException("B" + b.id() + " has no terminator");
            }
            for (Block s : b.successors()) {
                if (seen.add(s)) {
                    work.add(s);
                }
            }
        }
        return order;
    }

    /**
     * Targets of the edges that lead back to a block on the stack of a depth-first search from
     * {@code start}: every cycle contains such an edge, so a run that repeats a state is seen
     * repeating it at one of these blocks ({@link RepeatDetector}).
     */
    private static Set<Block> retreatingTargets(Block start) {
        Set<Block> targets = new HashSet<>();
        Set<Block> visited = new HashSet<>();
        Set<Block> onStack = new HashSet<>();
        Deque<Iterator<Block>> successors = new ArrayDeque<>();
        Deque<Block> stack = new ArrayDeque<>();
        visited.add(start);
        onStack.add(start);
        stack.push(start);
        successors.push(start.successors().iterator());
        while (!stack.isEmpty()) {
            Iterator<Block> next = successors.peek();
            if (!next.hasNext()) {
                onStack.remove(stack.pop());
                successors.pop();
                continue;
            }
            Block s = next.next();
            if (onStack.contains(s)) {
                targets.add(s);
            } else if (visited.add(s)) {
                onStack.add(s);
                stack.push(s);
                successors.push(s.successors().iterator());
            }
        }
        return targets;
    }
}
