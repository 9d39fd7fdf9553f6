package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IParameter;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IVariable;
import pdpv.cfg.Expr;
import pdpv.cfg.FunctionSpan;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;

/**
 * Lowers a translation unit to the {@link Program} of its entry function: the prologue initializes
 * the globals (zero, or inputs with {@code nondetGlobals}) and havocs the entry's parameters, the
 * body follows with every call inlined; then the result is checked for irreducible control flow,
 * empty blocks are skipped and branches into failing blocks become assertions.
 */
final class ProgramLowering {
    private final IASTTranslationUnit tu;
    private final LoweringContext ctx;

    ProgramLowering(IASTTranslationUnit tu, SourceLocator locator, TypeResolver types, FrontEndOptions options) {
        this.tu = tu;
        Map<String, IASTFunctionDefinition> definitions = new LinkedHashMap<>();
        boolean unreachCall = false;
        for (IASTDeclaration d : tu.getDeclarations()) {
            if (d instanceof IASTFunctionDefinition f) {
                String name = TypeResolver.innermost(f.getDeclarator()).getName().toString();
                definitions.putIfAbsent(name, f);
                unreachCall |= CallLowering.ERROR_FUNCTIONS.contains(name);
            } else if (d instanceof IASTSimpleDeclaration sd) {
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    unreachCall |= CallLowering.ERROR_FUNCTIONS.contains(TypeResolver.innermost(declarator).getName().toString());
                }
            }
        }
        this.ctx = new LoweringContext(locator, types, options, definitions, !unreachCall);
    }

    /** The global pointer variables' declarations, declared in the entry's frame. */
    private final Map<IBinding, PointerDeclaration> pointers = new LinkedHashMap<>();

    Program lower() {
        String function = ctx.options.function();
        IASTFunctionDefinition entry = ctx.definitions.get(function);
        if (entry == null) {
            throw new UserError(UserError.Kind.INPUT, new SourceLoc(ctx.locator.fileName(), 0, 0),
                    "no definition of function '" + function + "'");
        }
        globals();
        FunctionFrame frame = FunctionFrame.entry(function);
        ctx.frames.push(frame);
        globalPointers();
        parameters(entry, frame);
        ctx.statements.statement(entry.getBody());
        ctx.ir.halt(Terminator.Halt.Kind.RETURN, ctx.locator.end(entry.getBody()));
        frame.checkLabels();
        ctx.frames.pop();
        ctx.ir.prologue().setTerminator(new Terminator.Jump(ctx.ir.bodyStart()));
        IrreducibleFlowCheck.check(ctx.ir.prologue(), ctx.ir.gotos(), ctx.locator.fileName());
        JumpThreading.thread(ctx.ir.prologue());
        ErrorBranches.fold(ctx.ir.prologue(), ctx.typing);
        return new Program(ctx.locator.fileName(), function, ctx.types.semantics(), ctx.ir.variables(), ctx.ir.prologue(),
                spans(), ctx.pointers.addresses());
    }

    /** Where each function of the translation unit is defined. */
    private List<FunctionSpan> spans() {
        List<FunctionSpan> spans = new ArrayList<>();
        ctx.definitions.forEach((name, f) -> spans.add(new FunctionSpan(name, ctx.locator.loc(f), ctx.locator.end(f))));
        return spans;
    }

    /** Creates the globals of integer type, in declaration order, and queues their initialization. */
    private void globals() {
        Map<IBinding, IASTExpression> initializers = new LinkedHashMap<>();
        Map<IBinding, SourceLoc> locations = new LinkedHashMap<>();
        Map<IBinding, ArrayLowering.Layout> arrays = new LinkedHashMap<>();
        Map<IBinding, IASTInitializer> structs = new LinkedHashMap<>();
        for (IASTDeclaration d : tu.getDeclarations()) {
            if (!(d instanceof IASTSimpleDeclaration sd) || sd.getDeclSpecifier().getStorageClass() == IASTDeclSpecifier.sc_typedef) {
                continue;
            }
            for (IASTDeclarator outer : sd.getDeclarators()) {
                IASTDeclarator declarator = TypeResolver.innermost(outer);
                IBinding binding = declarator.getName().resolveBinding();
                if (!(binding instanceof IVariable variable)) {
                    continue;
                }
                String name = declarator.getName().toString();
                SourceLoc loc = ctx.loc(declarator);
                if (ctx.types.isIntegerArray(variable.getType())) {
                    ArrayLowering.checkConstantExtents(declarator, loc);
                    globalArray(binding, variable, name, outer.getInitializer(), loc, arrays, locations);
                    continue;
                }
                if (UnionLowering.isUnion(variable.getType()) || UnionLowering.isUnionArray(variable.getType())) {
                    if (outer.getInitializer() != null || !structs.containsKey(binding)) {
                        structs.put(binding, outer.getInitializer());
                    }
                    if (!ctx.globalUnions.containsKey(binding)) {
                        ctx.globalUnions.put(binding, ctx.unions.create(variable.getType(), List.of(), outer.getInitializer(), name, name,
                                Variable.Kind.GLOBAL, loc));
                    }
                    locations.put(binding, loc);
                    continue;
                }
                if (StructLowering.isStructArray(variable.getType())) {
                    if (outer.getInitializer() != null || !structs.containsKey(binding)) {
                        structs.put(binding, outer.getInitializer());
                    }
                    if (!ctx.globalStructArrays.containsKey(binding)) {
                        ctx.globalStructArrays.put(binding, ctx.structs.createArray(variable.getType(), outer.getInitializer(), name, name,
                                Variable.Kind.GLOBAL, loc));
                    }
                    locations.put(binding, loc);
                    continue;
                }
                if (StructLowering.isStruct(variable.getType())) {
                    if (!ctx.globalStructs.containsKey(binding)) {
                        ctx.globalStructs.put(binding, ctx.structs.create(variable.getType(), name, name, Variable.Kind.GLOBAL, loc));
                    }
                    if (outer.getInitializer() != null || !structs.containsKey(binding)) {
                        structs.put(binding, outer.getInitializer());
                    }
                    locations.put(binding, loc);
                    continue;
                }
                if (ctx.pointers.isPointerType(variable.getType())) {
                    // declared once all integer globals exist, with the initializer of the declaration that has one
                    IASTExpression init = ctx.statements.initializer(outer.getInitializer(), loc);
                    if (init != null || !pointers.containsKey(binding)) {
                        pointers.put(binding, new PointerDeclaration(name, init, declarator, loc));
                    }
                    ctx.unusable.putIfAbsent(binding, "use of the global pointer " + name);
                    continue;
                }
                if (!ctx.types.isInteger(variable.getType())) {
                    String type = String.valueOf(variable.getType());
                    try {
                        ctx.types.resolve(variable.getType(), loc);
                    } catch (UserError e) {
                        type = e.getMessage(); // what PDPV does not read of it: "union U", "array of struct P"
                    }
                    ctx.unusable.putIfAbsent(binding, "use of global " + name + " of type " + type + " (declared at line " + loc.line() + ")");
                    continue;
                }
                if (!ctx.globals.containsKey(binding)) {
                    Variable v = ctx.ir.variable(name, name, ctx.types.resolve(variable.getType(), loc), Variable.Kind.GLOBAL);
                    ctx.globals.put(binding, v);
                    ctx.fileScopeGlobals.put(name, v);
                    locations.put(binding, loc);
                }
                IASTExpression init = ctx.statements.initializer(outer.getInitializer(), loc);
                if (init != null) {
                    initializers.put(binding, init);
                    locations.put(binding, loc);
                }
            }
        }
        for (Map.Entry<IBinding, SourceLoc> g : locations.entrySet()) {
            UnionLowering.UnionObject u = ctx.globalUnions.get(g.getKey());
            if (u != null) {
                ctx.unions.initialize(u, structs.get(g.getKey()), true, g.getValue());
                continue;
            }
            StructArray a = ctx.globalStructArrays.get(g.getKey());
            if (a != null) {
                ctx.structs.initialize(a, structs.get(g.getKey()), true, g.getValue());
                continue;
            }
            StructObject s = ctx.globalStructs.get(g.getKey());
            if (s != null) {
                ctx.structs.initializeStatic(s, structs.get(g.getKey()), g.getValue());
                continue;
            }
            Variable v = ctx.globals.get(g.getKey());
            if (v.isArray()) {
                ctx.statements.initializeStaticArray(v, arrays.get(g.getKey()), g.getValue());
            } else {
                ctx.statements.initializeStatic(v, initializers.get(g.getKey()), g.getValue());
            }
        }
    }

    /**
     * Declares the global pointer variables (issue #20), in the entry's frame (their initializers
     * name globals only). One that PDPV does not read (a pointer into an array, to a string) is
     * refused where it is used, with the reason.
     */
    private void globalPointers() {
        pointers.forEach((binding, p) -> {
            try {
                IType type = ((IVariable) binding).getType();
                if (ctx.staticArrayPointers.declares(type, p.init(), p.loc())) {
                    ctx.staticArrayPointers.declare(binding, type, p.name(), p.init(), "", p.loc());
                } else {
                    ctx.pointers.declareStatic(binding, p.name(), p.init(), p.declarator(), "", p.loc());
                }
                ctx.unusable.remove(binding);
            } catch (UserError e) {
                ctx.unusable.put(binding, e.getMessage() + " (declared at line " + p.loc().line() + ")");
            }
        });
    }

    /** A global pointer variable's declaration (issue #20): the one with its initializer, if any. */
    private record PointerDeclaration(String name, IASTExpression init, IASTDeclarator declarator, SourceLoc loc) {
    }

    /**
     * A global array of integers (issue #20): its variable, created at its first declaration with
     * the extents of the one that has them (a tentative {@code int a[];} takes them from a later
     * definition or initializer), and its initializer's layout if it has one.
     */
    private void globalArray(IBinding binding, IVariable variable, String name, IASTInitializer init, SourceLoc loc,
                             Map<IBinding, ArrayLowering.Layout> arrays, Map<IBinding, SourceLoc> locations) {
        TypeResolver.Shape shape = ctx.types.shape(variable.getType(), loc);
        ArrayLowering.Layout layout = init == null ? null : ctx.arrays.layout(init, shape, loc);
        if (layout != null) {
            arrays.put(binding, layout);
        }
        if (!ctx.globals.containsKey(binding)) {
            if (shape.dims().get(0) == 0 && layout == null) {
                return;
            }
            Variable v = ctx.ir.variable(name, name, shape.element(), Variable.Kind.GLOBAL, ArrayLowering.dims(shape, layout, loc));
            ctx.globals.put(binding, v);
            ctx.fileScopeGlobals.put(name, v);
        }
        locations.put(binding, loc);
    }

    /** The function a definition defines, as CDT resolved it. */
    static IFunction function(IASTFunctionDefinition definition, SourceLocator locator) {
        IASTDeclarator declarator = TypeResolver.innermost(definition.getDeclarator());
        if (declarator.getName().resolveBinding() instanceof IFunction f) {
            return f;
        }
        throw new UserError(UserError.Kind.SYNTAX, locator.loc(declarator), "cannot resolve function " + declarator.getName());
    }

    /**
     * The entry's parameters are inputs; parameters of other types (argv) are accepted while unused.
     * {@code main(argc, argv)} has {@code argc >= 1} (C11 5.1.2.2.1 allows 0, but every hosted
     * system passes the program name, and SV-COMP assumes it).
     */
    private void parameters(IASTFunctionDefinition entry, FunctionFrame frame) {
        IFunction function = function(entry, ctx.locator);
        SourceLoc loc = ctx.loc(entry.getDeclarator());
        IParameter[] parameters = function.getParameters();
        for (IParameter p : parameters) {
            String name = p.getName();
            if (!ctx.types.isInteger(p.getType())) {
                ctx.unusable.put(p, "use of parameter " + name + " of type " + p.getType());
                continue;
            }
            Variable v = ctx.ir.variable(name, name, ctx.types.resolve(p.getType(), loc), Variable.Kind.PARAMETER);
            frame.locals().put(p, v);
            ctx.ir.addToPrologue(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "parameter " + name, loc));
            if (function.getName().equals("main") && parameters.length == 2 && p == parameters[0]) {
                ctx.ir.addToPrologue(new Stmt.Assume(new Expr.Binary(BinaryOp.GE, new Expr.VarRef(v),
                        ctx.typing.convert(ctx.typing.intConst(1), v.type()), ctx.typing.intType()), loc));
            }
        }
    }
}
