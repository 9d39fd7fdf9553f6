package pdpv.frontend;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IBinding;
import pdpv.cfg.Block;
import pdpv.cfg.CallSite;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Variable;

/**
 * One activation of a function being lowered: the entry function, or one inlined copy of a callee
 * with its own renamed locals, labels, result variable and continuation block.
 */
final class FunctionFrame {
    private final String name;
    private final boolean entry;
    private final Variable result;
    private final Block exit;
    private final CallSite call;
    private final Map<IBinding, Variable> locals = new HashMap<>();
    private final Map<IBinding, Expr> arguments = new HashMap<>();
    private final Map<IBinding, ArrayView> arrays = new HashMap<>();
    private final Map<IBinding, Pointer> pointers = new HashMap<>();
    private final Map<IBinding, Variable> pointerVariables = new HashMap<>();
    private final Map<IBinding, Variable> arrayPointers = new HashMap<>();
    private final Map<IBinding, StructObject> structs = new HashMap<>();
    private final Map<IBinding, StructObject> structPointers = new HashMap<>();
    private final Map<IBinding, StructArray> structArrays = new HashMap<>();
    private final Map<IBinding, UnionLowering.UnionObject> unions = new HashMap<>();
    private final Map<IBinding, UnionLowering.UnionObject> unionPointers = new HashMap<>();
    private UnionLowering.UnionObject unionResult;
    private StructObject structResult;
    private final Map<String, Block> labels = new LinkedHashMap<>();
    private final Map<String, SourceLoc> labelUses = new LinkedHashMap<>();
    private final Set<String> definedLabels = new HashSet<>();
    private final Deque<Block> breakTargets = new ArrayDeque<>();
    private final Deque<Block> continueTargets = new ArrayDeque<>();
    private final Deque<Map<IASTStatement, Block>> switchCases = new ArrayDeque<>();

    /** The entry function: its {@code return} ends the execution. */
    static FunctionFrame entry(String name) {
        return new FunctionFrame(name, true, null, null, null);
    }

    /** An inlined copy of {@code name}, called at {@code call}, returning into {@code exit}. */
    static FunctionFrame inlined(String name, Variable result, Block exit, CallSite call) {
        return new FunctionFrame(name, false, result, exit, call);
    }

    private FunctionFrame(String name, boolean entry, Variable result, Block exit, CallSite call) {
        this.name = name;
        this.entry = entry;
        this.result = result;
        this.exit = exit;
        this.call = call;
    }

    String name() {
        return name;
    }

    boolean isEntry() {
        return entry;
    }

    /** The variable receiving the returned value, or null for void functions and the entry. */
    Variable result() {
        return result;
    }

    Block exit() {
        return exit;
    }

    /** The call this copy was inlined for; null for the entry function. */
    CallSite call() {
        return call;
    }

    /** The prefix of this function's renamed locals: none for the entry, {@code f::} for callees. */
    String prefix() {
        return entry ? "" : name + "::";
    }

    Map<IBinding, Variable> locals() {
        return locals;
    }

    /**
     * Parameters bound to their argument's value without a copy: ones the body never assigns, whose
     * argument reads no variable that the callee could change (see {@code CallLowering}).
     */
    Map<IBinding, Expr> arguments() {
        return arguments;
    }

    /** The arrays that this inlined callee's array and pointer parameters were passed (issue #20). */
    Map<IBinding, ArrayView> arrays() {
        return arrays;
    }

    /** The pointers to scalars that this inlined callee's pointer parameters were passed (issue #20). */
    Map<IBinding, Pointer> pointers() {
        return pointers;
    }

    /** The local pointer variables, each holding the id of the variable it points to (issue #20). */
    Map<IBinding, Variable> pointerVariables() {
        return pointerVariables;
    }

    /**
     * The offset variables of the pointers into arrays that this function moves: its local pointer
     * variables into arrays and the pointer parameters it assigns (their arrays in {@link #arrays()}).
     */
    Map<IBinding, Variable> arrayPointers() {
        return arrayPointers;
    }

    /** The local struct variables and by-value struct parameters, flattened (issue #20). */
    Map<IBinding, StructObject> structs() {
        return structs;
    }

    /** The structs that this inlined callee's pointer-to-struct parameters were passed (issue #20). */
    Map<IBinding, StructObject> structPointers() {
        return structPointers;
    }

    /**
     * The local arrays of structs, and the arrays of structs this inlined callee's {@code struct P *p}
     * and {@code struct P p[]} parameters were passed (issue #20).
     */
    Map<IBinding, StructArray> structArrays() {
        return structArrays;
    }

    /** What each pointer-to-union parameter was passed, as an array of unions from there on (issue #20). */
    Map<IBinding, UnionLowering.UnionObject> unionPointers() {
        return unionPointers;
    }

    /** The union an inlined callee returns into, or null. */
    UnionLowering.UnionObject unionResult() {
        return unionResult;
    }

    void setUnionResult(UnionLowering.UnionObject result) {
        this.unionResult = result;
    }

    /** The local union variables and arrays of unions, and union parameters (issue #20). */
    Map<IBinding, UnionLowering.UnionObject> unions() {
        return unions;
    }

    /** The object receiving a returned struct, or null when the function returns none. */
    StructObject structResult() {
        return structResult;
    }

    void setStructResult(StructObject result) {
        this.structResult = result;
    }

    Block label(String label, IrBuilder ir, SourceLoc use) {
        labelUses.putIfAbsent(label, use);
        return labels.computeIfAbsent(label, l -> ir.newBlock());
    }

    Block defineLabel(String label, IrBuilder ir, SourceLoc loc) {
        if (!definedLabels.add(label)) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "duplicate label '" + label + "'");
        }
        return labels.computeIfAbsent(label, l -> ir.newBlock());
    }

    /** Fails on a {@code goto} to a label this function does not define. */
    void checkLabels() {
        for (Map.Entry<String, SourceLoc> use : labelUses.entrySet()) {
            if (!definedLabels.contains(use.getKey())) {
                throw new UserError(UserError.Kind.SYNTAX, use.getValue(), "label '" + use.getKey() + "' used but not defined");
            }
        }
    }

    Deque<Block> breakTargets() {
        return breakTargets;
    }

    Deque<Block> continueTargets() {
        return continueTargets;
    }

    /** The case and default labels of the enclosing switch statements, innermost first. */
    Deque<Map<IASTStatement, Block>> switchCases() {
        return switchCases;
    }
}
