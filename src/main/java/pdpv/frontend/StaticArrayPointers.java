package pdpv.frontend;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IType;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;

/**
 * Global and {@code static} pointer variables into global and static arrays (issue #20):
 * {@code int *wp = buf;} at file scope or {@code static int *wp = &buf[2];} in a function, read
 * and moved in the function and in inlined callees as {@link ArrayPointerLowering} reads a local
 * pointer into an array: (array, offset), the offset a global variable set before the entry runs
 * to the initializer's constant offset, bound in every frame ({@link #enter}). Such a pointer is
 * initialized to point into its array and assigned only pointers into it that are not null: one
 * without initializer (null) is refused where it is declared, a null or another array's pointer
 * where it is assigned.
 */
final class StaticArrayPointers {
    private final LoweringContext ctx;
    /** Each pointer's view of its array from its offset variable, and that variable, by its declaration's binding. */
    private final Map<IBinding, ArrayView> views = new LinkedHashMap<>();
    private final Map<IBinding, Variable> offsets = new LinkedHashMap<>();

    StaticArrayPointers(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** Whether the global or static pointer {@code binding} of {@code type} initialized by {@code init} points into an array. */
    boolean declares(IType type, IASTExpression init, SourceLoc loc) {
        return init != null && ctx.types.pointee(type, loc) != null && ctx.arrays.pointsIntoArray(init);
    }

    /**
     * {@code T *name = init} for a global or static pointer into an array: its offset variable,
     * named {@code prefix + name}, set in the entry's prologue to init's constant offset into a
     * global or static array, and bound in the current frame.
     */
    void declare(IBinding binding, IType type, String name, IASTExpression init, String prefix, SourceLoc loc) {
        if (offsets.containsKey(binding)) {
            return;
        }
        ArrayView v = ctx.arrays.converted(ctx.arrays.pointer(init), SourceLocator.text(init), name, ctx.types.pointee(type, loc), loc);
        if (v.array().kind() != Variable.Kind.GLOBAL) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "static pointer " + name + " into " + v.array().sourceName()
                    + ", a local array (it would dangle when the function returns)");
        }
        if (!VariableUses.reads(v.offset()).isEmpty()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-constant initializer of the static pointer " + name);
        }
        Variable offset = ctx.ir.variable(prefix + name, ArrayPointerLowering.offsetName(name, v, true), ctx.typing.indexType(),
                Variable.Kind.GLOBAL);
        ctx.ir.addToPrologue(new Stmt.Assign(offset, v.offset(), loc));
        views.put(binding, new ArrayView(v.array(), new Expr.VarRef(offset), v.dims()));
        offsets.put(binding, offset);
        enter(ctx.frame());
    }

    /** Binds the global and static pointers into arrays declared so far in {@code frame}, so that its function reads and moves them. */
    void enter(FunctionFrame frame) {
        frame.arrays().putAll(views);
        frame.arrayPointers().putAll(offsets);
    }

    /**
     * Whether {@code v}'s offset reads a global or static pointer's offset: a callee's parameter
     * passed it holds a copy, made at the call (the callee may move the global pointer).
     */
    boolean moves(ArrayView v) {
        return VariableUses.reads(v.offset()).stream().anyMatch(offsets::containsValue);
    }
}
