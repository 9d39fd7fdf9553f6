package pdpv.frontend;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IBinding;
import pdpv.cfg.CallSite;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Variable;

/**
 * What the lowering classes share while one translation unit is lowered: the IR under
 * construction, type rules, the function definitions, the variables of globals and static locals,
 * the stack of active (inlined) functions, and the three lowering stages, which call each other.
 */
final class LoweringContext {
    final IrBuilder ir;
    final SourceLocator locator;
    final TypeResolver types;
    final Typing typing;
    final Literals literals;
    final FrontEndOptions options;
    final Map<String, IASTFunctionDefinition> definitions;
    /**
     * Whether reaching a label {@code ERROR} is a violation (SV-COMP's old unreach-label property):
     * only in a program that declares neither {@code reach_error} nor {@code __VERIFIER_error}. In
     * an unreach-call program the label is an ordinary one and the calls are the violations (the
     * label that SV-COMP's {@code __VERIFIER_assert} puts before its {@code reach_error()} call
     * would otherwise be reported instead of that call).
     */
    final boolean errorLabels;
    /** Globals and static locals. */
    final Map<IBinding, Variable> globals = new HashMap<>();
    /** Global and static struct objects (issue #20), by the binding of their declaration. */
    final Map<IBinding, StructObject> globalStructs = new HashMap<>();
    /** Global and static arrays of structs (issue #20), by the binding of their declaration. */
    final Map<IBinding, StructArray> globalStructArrays = new HashMap<>();
    /** Global and static unions (issue #20), by the binding of their declaration. */
    final Map<IBinding, UnionLowering.UnionObject> globalUnions = new HashMap<>();
    /** File-scope globals by name, for block-scope {@code extern} declarations (CDT gives them their own binding). */
    final Map<String, Variable> fileScopeGlobals = new HashMap<>();
    /** Variables PDPV accepts while unused (argv, globals of unsupported type), with what a use would need. */
    final Map<IBinding, String> unusable = new HashMap<>();
    final Deque<FunctionFrame> frames = new ArrayDeque<>();
    final ExpressionLowering expressions;
    final ArrayLowering arrays;
    final PointerLowering pointers;
    final ArrayPointerLowering arrayPointers;
    final StructArrayPointerLowering structArrayPointers;
    final StaticArrayPointers staticArrayPointers;
    final StructLowering structs;
    final UnionLowering unions;
    final CallLowering calls;
    final StatementLowering statements;

    LoweringContext(SourceLocator locator, TypeResolver types, FrontEndOptions options,
            Map<String, IASTFunctionDefinition> definitions, boolean errorLabels) {
        this.ir = new IrBuilder(types.semantics(), options.overflowOnly(), this::callers);
        this.locator = locator;
        this.types = types;
        this.typing = new Typing(types.semantics());
        this.literals = new Literals(types.semantics());
        this.options = options;
        this.definitions = definitions;
        this.errorLabels = errorLabels;
        this.expressions = new ExpressionLowering(this);
        this.arrays = new ArrayLowering(this);
        this.pointers = new PointerLowering(this);
        this.arrayPointers = new ArrayPointerLowering(this);
        this.structArrayPointers = new StructArrayPointerLowering(this);
        this.staticArrayPointers = new StaticArrayPointers(this);
        this.structs = new StructLowering(this);
        this.unions = new UnionLowering(this);
        this.calls = new CallLowering(this);
        this.statements = new StatementLowering(this);
    }

    FunctionFrame frame() {
        return frames.peek();
    }

    /** The inlined calls that lead to the code being lowered, innermost first. */
    List<CallSite> callers() {
        List<CallSite> out = new ArrayList<>();
        for (FunctionFrame f : frames) {
            if (f.call() != null) {
                out.add(f.call());
            }
        }
        return out;
    }

    SourceLoc loc(IASTNode node) {
        return locator.loc(node);
    }

    /** True when lowering has seen the declaration of this variable (usable or not). */
    boolean isKnown(IBinding binding) {
        return frame().locals().containsKey(binding) || frame().arguments().containsKey(binding) || frame().arrays().containsKey(binding)
                || globals.containsKey(binding) || unusable.containsKey(binding);
    }

    /** The variable a name refers to in the current function. */
    Variable variable(IBinding binding, String name, SourceLoc loc) {
        Variable v = frame().locals().get(binding);
        if (v == null) {
            v = globals.get(binding);
        }
        if (v != null) {
            return v;
        }
        String reason = unusable.get(binding);
        if (reason != null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, reason);
        }
        throw new UserError(UserError.Kind.SYNTAX, loc, "'" + name + "' is not a declared variable");
    }
}
