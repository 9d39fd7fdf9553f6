package pdpv.frontend;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IParameter;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.internal.core.dom.parser.c.CExternalFunction;
import pdpv.cfg.Block;
import pdpv.cfg.CallSite;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.CType.Kind;

/**
 * Lowers calls. A function the program defines is the program's, whatever its name: its call is
 * inlined as a fresh copy of the body (recursion is reported as unsupported). Only a function
 * without a body (declared or not) follows the conventions: the verification functions
 * (assertions, assumptions, abort/exit) by their names, every other one is an input, a havocked
 * temporary of its return type. A call of {@code reach_error} or {@code __VERIFIER_error} is a
 * violation whether or not the program defines it: it is the property itself, SV-COMP's
 * unreach-call ({@code G ! call(reach_error())}), which PDPV checks and its witnesses name.
 */
final class CallLowering {
    /** The functions whose call is the violation of unreach-call. */
    static final Set<String> ERROR_FUNCTIONS = Set.of("reach_error", "__VERIFIER_error");

    private static final Map<String, Kind> NONDET_SUFFIXES = Map.ofEntries(
            Map.entry("bool", Kind.BOOL), Map.entry("_Bool", Kind.BOOL), Map.entry("char", Kind.CHAR),
            Map.entry("uchar", Kind.CHAR), Map.entry("short", Kind.SHORT), Map.entry("ushort", Kind.SHORT),
            Map.entry("int", Kind.INT), Map.entry("uint", Kind.INT), Map.entry("unsigned", Kind.INT),
            Map.entry("long", Kind.LONG), Map.entry("ulong", Kind.LONG),
            Map.entry("longlong", Kind.LONG_LONG), Map.entry("ulonglong", Kind.LONG_LONG));

    private final LoweringContext ctx;
    /** The struct the last inlined call returned, or null (read by {@link #structCall}). */
    private StructObject lastStructResult;

    /** The union the last inlined call returned, or null (read by {@link #unionCall}). */
    private UnionLowering.UnionObject lastUnionResult;

    /** A pointer to a struct passed to an inlined callee (issue #20). */
    private record StructPointer(StructObject target) {
    }

    /** A pointer to a union passed to an inlined callee, as an array of unions from where it points (issue #20). */
    private record UnionPointer(UnionLowering.UnionObject target) {
    }

    /** For each defined function, the names of the variables it and its callees assign. */
    private final Map<String, Set<String>> writes = new HashMap<>();

    CallLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    Expr call(IASTFunctionCallExpression call, boolean want) {
        IASTExpression callee = ExpressionLowering.strip(call.getFunctionNameExpression());
        if (!(callee instanceof IASTIdExpression id)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(call), "call through a function pointer");
        }
        String name = id.getName().toString();
        IASTInitializerClause[] args = call.getArguments();
        SourceLoc loc = ctx.loc(call);
        String text = SourceLocator.text(call);
        if (ERROR_FUNCTIONS.contains(name)) {
            ignoreArguments(args);
            ctx.ir.addAssert(ctx.typing.intConst(0), text, loc);
            return null;
        }
        IASTFunctionDefinition definition = ctx.definitions.get(name);
        if (definition != null) {
            return inline(definition, args, new CallSite(name, text, loc));
        }
        switch (name) {
            case "__VERIFIER_assert" -> {
                Expr c = ctx.typing.convert(singleArgument(name, args, loc), ctx.typing.intType());
                ctx.ir.addAssert(c, SourceLocator.text(args[0]), loc);
                return null;
            }
            case "assert" -> {
                Expr c = singleArgument(name, args, loc);
                ctx.ir.addAssert(c, SourceLocator.text(args[0]), loc);
                return null;
            }
            case "__assert_fail" -> {
                ignoreArguments(args);
                ctx.ir.addAssert(ctx.typing.intConst(0), assertedText(args, text), loc);
                return null;
            }
            case "__VERIFIER_assume", "assume_abort_if_not" -> {
                Expr c = ctx.typing.convert(singleArgument(name, args, loc), ctx.typing.intType());
                ctx.ir.add(new Stmt.Assume(c, loc));
                return null;
            }
            case "assume" -> {
                ctx.ir.add(new Stmt.Assume(singleArgument(name, args, loc), loc));
                return null;
            }
            case "__builtin_expect" -> {
                return builtinExpect(args, loc);
            }
            case "abort", "__builtin_abort" -> {
                ignoreArguments(args);
                ctx.ir.halt(Terminator.Halt.Kind.ABORT, loc);
                return null;
            }
            case "exit", "_Exit" -> {
                ignoreArguments(args);
                ctx.ir.halt(Terminator.Halt.Kind.EXIT, loc);
                return null;
            }
            case "malloc", "calloc", "realloc", "alloca", "free" ->
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "heap memory (" + name + ")");
            default -> {
                return input(name, id.getName().resolveBinding(), args, text, loc, want);
            }
        }
    }

    /** The struct that the call of a defined function returns (issue #20), or null for any other call. */
    StructObject structCall(IASTFunctionCallExpression call) {
        lastStructResult = null;
        call(call, false);
        StructObject s = lastStructResult;
        lastStructResult = null;
        return s;
    }

    /** The union that the call of a defined function returns (issue #20), or null for any other call. */
    UnionLowering.UnionObject unionCall(IASTFunctionCallExpression call) {
        lastUnionResult = null;
        call(call, false);
        UnionLowering.UnionObject u = lastUnionResult;
        lastUnionResult = null;
        return u;
    }

    /** GCC's {@code __builtin_expect(e, c)} is {@code e} as a long (c only hints at the likely value). */
    private Expr builtinExpect(IASTInitializerClause[] args, SourceLoc loc) {
        if (args.length != 2 || !(args[0] instanceof IASTExpression e) || !(args[1] instanceof IASTExpression hint)) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "__builtin_expect expects two arguments");
        }
        Expr value = ctx.expressions.value(e);
        ctx.expressions.effectIfAny(hint);
        return ctx.typing.convert(value, ctx.types.semantics().type(Kind.LONG, true));
    }

    /** The condition glibc's assert macro passes to {@code __assert_fail} as a string, else the call text. */
    private static String assertedText(IASTInitializerClause[] args, String callText) {
        if (args.length > 0 && args[0] instanceof IASTLiteralExpression l
                && l.getKind() == IASTLiteralExpression.lk_string_literal) {
            String s = String.valueOf(l.getValue());
            if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
                return s.substring(1, s.length() - 1);
            }
        }
        return callText;
    }

    /** The one argument of a convention; other counts are valid C (no prototype) that the convention gives no meaning. */
    private Expr singleArgument(String name, IASTInitializerClause[] args, SourceLoc loc) {
        if (args.length != 1 || !(args[0] instanceof IASTExpression arg)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, name + "() with " + args.length + " arguments (the convention takes one)");
        }
        return ctx.expressions.value(arg);
    }

    private void ignoreArguments(IASTInitializerClause[] args) {
        for (IASTInitializerClause a : args) {
            if (a instanceof IASTExpression e) {
                ctx.expressions.effectIfAny(e);
            }
        }
    }

    /** A call of an input function: a fresh value of its return type (int when undeclared), if the value is used. */
    private Expr input(String name, IBinding binding, IASTInitializerClause[] args, String text, SourceLoc loc, boolean want) {
        for (IASTInitializerClause a : args) {
            if (a instanceof IASTExpression e && (ctx.arrays.pointsIntoArray(e) || ctx.pointers.isPointer(e)
                    || StructLowering.isStruct(e.getExpressionType()) || StructLowering.isStructPointer(e.getExpressionType())
                    || StructLowering.isStructArray(e.getExpressionType()) || UnionLowering.isUnion(e.getExpressionType())
                    || UnionLowering.isUnionPointer(e.getExpressionType()) || UnionLowering.isUnionArray(e.getExpressionType()))) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "call of " + name + ", which has no body, with the array argument "
                        + SourceLocator.text(e) + " (what it does to the array or variable is unknown)");
            }
        }
        ignoreArguments(args);
        if (!want) {
            return null;
        }
        CType type;
        if (binding instanceof IFunction f && !(binding instanceof CExternalFunction)) {
            IType returnType = f.getType().getReturnType();
            if (ctx.types.isVoid(returnType)) {
                return null;
            }
            if (!ctx.types.isInteger(returnType)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-integer result of " + name + "()");
            }
            type = ctx.types.resolve(returnType, loc);
        } else {
            type = undeclaredType(name);
        }
        Variable t = ctx.ir.temporary(name, type);
        ctx.ir.havoc(t, Stmt.Havoc.Reason.INPUT, text, loc);
        if (name.equals("rand") && type.signed()) {
            // C11 7.22.2.1: rand() returns a value in [0, RAND_MAX]; glibc's RAND_MAX is INT_MAX, the type's maximum.
            ctx.ir.add(new Stmt.Assume(new Expr.Binary(BinaryOp.GE, new Expr.VarRef(t), new Expr.Const(type, 0),
                    ctx.typing.intType()), loc));
        }
        return new Expr.VarRef(t);
    }

    /** The return type of an undeclared input function: from a {@code __VERIFIER_nondet_} suffix, else int. */
    private CType undeclaredType(String name) {
        String prefix = "__VERIFIER_nondet_";
        if (name.startsWith(prefix)) {
            String suffix = name.substring(prefix.length());
            Kind kind = NONDET_SUFFIXES.get(suffix);
            if (kind == Kind.BOOL) {
                return CType.bool();
            }
            if (kind != null) {
                boolean unsigned = suffix.startsWith("u") && !suffix.equals("unsigned") || suffix.equals("unsigned");
                return ctx.types.semantics().type(kind, !unsigned);
            }
        }
        return ctx.typing.intType();
    }

    /**
     * What a pointer (or array) parameter of an inlined callee is passed (issue #20): the array
     * {@code arg} points into, seen from where it points with the parameter's extents, its offset
     * evaluated now. The array's elements must have the type the parameter points to, and its
     * inner extents the parameter's (no pointer conversion).
     */
    private ArrayView passedArray(IASTExpression arg, String param, String callee, TypeResolver.Shape pointee, SourceLoc loc) {
        if (ctx.arrayPointers.hasState(arg)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "argument " + SourceLocator.text(arg) + ", a pointer that may be null or"
                    + " indeterminate, for the pointer parameter " + param + " of " + callee + " (PDPV passes pointers into arrays that are"
                    + " neither: pass a + k or &a[i])");
        }
        ArrayView v = ctx.arrays.pointsIntoArray(arg) ? ctx.arrays.pointer(arg) : null;
        if (v == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "argument " + SourceLocator.text(arg) + " for the pointer parameter "
                    + param + " (PDPV passes arrays of integers, a + k and &a[i])");
        }
        v = ctx.arrays.converted(v, SourceLocator.text(arg), param, pointee, loc);
        Expr offset = v.offset();
        if (!(offset instanceof Expr.Const)) {
            // the parameter's offset, a variable named as a pointer's (the callee sees the caller's global arrays only)
            offset = new Expr.VarRef(ctx.arrayPointers.offset(callee + "::", param, v, v.array().kind() == Variable.Kind.GLOBAL,
                    Variable.Kind.PARAMETER, loc));
        }
        return new ArrayView(v.array(), offset, pointee.dims());
    }

    /**
     * What a pointer-to-scalar parameter of an inlined callee is passed (issue #20): the argument's
     * pointer, its id evaluated now; its targets must have the type the parameter points to.
     */
    private Pointer passedPointer(IASTExpression arg, IParameter param, SourceLoc at, SourceLoc loc) {
        Pointer p = ctx.pointers.value(arg);
        IType to = ((IPointerType) TypeResolver.strip(param.getType())).getType();
        for (Variable t : p.targets()) {
            StructObject s = ctx.pointers.structOf(t);
            if (StructLowering.isStruct(to) != (s != null) || s != null && !s.type().isSameType(TypeResolver.strip(to))) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer conversion: " + SourceLocator.text(arg) + " may point to "
                        + t.sourceName() + " but is passed for " + param.getName() + " (a pointer to " + to + ")");
            }
            CType pointee = s != null ? t.type() : ctx.pointers.targetType(param.getType(), at);
            if (!t.type().equals(pointee)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer conversion: " + SourceLocator.text(arg) + " may point to "
                        + t.sourceName() + " (" + t.type() + ") but is passed for " + param.getName() + " (a pointer to " + pointee + ")");
            }
        }
        Expr id = p.id();
        if (!(id instanceof Expr.Const)) {
            Variable t = ctx.ir.temporary(param.getName(), id.type());
            ctx.ir.assign(t, id, loc);
            id = new Expr.VarRef(t);
        }
        return new Pointer(id, p.targets(), p.mayBeNull());
    }

    /** Inlines a fresh copy of {@code definition}; returns the result, or null for a void function. */
    private Expr inline(IASTFunctionDefinition definition, IASTInitializerClause[] args, CallSite call) {
        SourceLoc loc = call.loc();
        String name = TypeResolver.innermost(definition.getDeclarator()).getName().toString();
        for (FunctionFrame f : ctx.frames) {
            if (f.name().equals(name)) {
                String caller = ctx.frame().name();
                throw new UserError(UserError.Kind.UNSUPPORTED, loc,
                        "recursion: " + caller + " calls " + (caller.equals(name) ? "itself" : name));
            }
        }
        IFunction function = ProgramLowering.function(definition, ctx.locator);
        IParameter[] params = function.getParameters();
        SourceLoc at = ctx.loc(definition.getDeclarator());
        Object[] values = new Object[params.length];
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof IASTExpression arg)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "argument " + SourceLocator.text(args[i]));
            }
            TypeResolver.Shape pointee = i < params.length ? ctx.types.pointee(params[i].getType(), at) : null;
            if (pointee != null && ctx.arrays.pointsIntoArray(arg)) {
                values[i] = passedArray(arg, params[i].getName(), name, pointee, loc);
            } else if (i < params.length && StructLowering.isStruct(params[i].getType())) {
                values[i] = ctx.structs.object(arg);
            } else if (i < params.length && UnionLowering.isUnion(params[i].getType())) {
                values[i] = ctx.unions.object(arg);
            } else if (i < params.length && (UnionLowering.isUnionPointer(params[i].getType())
                    || UnionLowering.isUnionArray(params[i].getType()))) {
                values[i] = new UnionPointer(ctx.unions.pointer(arg));
            } else if (i < params.length && StructLowering.isStructPointer(params[i].getType())
                    && (ctx.pointers.isPointer(arg) || PointerLowering.isNull(arg))) {
                values[i] = passedPointer(arg, params[i], at, loc); // &s, a pointer variable to structs, null (issue #20)
            } else if (i < params.length && (StructLowering.isStructPointer(params[i].getType())
                    || StructLowering.isStructArray(params[i].getType()))) {
                StructArray into = ctx.structs.pointer(arg);
                values[i] = into != null ? into : new StructPointer(ctx.structs.pointee(arg));
            } else if (i < params.length && ctx.pointers.isPointerType(params[i].getType())
                    && (ctx.pointers.isPointer(arg) || PointerLowering.isNull(arg))) {
                values[i] = passedPointer(arg, params[i], at, loc);
            } else if (i < params.length && ctx.types.isInteger(params[i].getType())) {
                values[i] = ctx.expressions.value(arg);
            } else {
                // an extra argument of a call without prototype, or one for a parameter of a type PDPV
                // does not model (accepted while the callee does not use it, as the entry's argv)
                ctx.expressions.effectIfAny(arg);
            }
        }
        IType returnType = function.getType().getReturnType();
        // a pointer result (issue #20): a pointer into an array, with a state, that the callee's returns assign
        TypeResolver.Shape pointerResult = ctx.pointers.isPointerType(returnType) ? ctx.types.pointee(returnType, at) : null;
        Variable result = null;
        StructObject structResult = null;
        UnionLowering.UnionObject unionResult = null;
        if (StructLowering.isStruct(returnType)) {
            structResult = ctx.structs.create(returnType, name + "::result", name + "()", Variable.Kind.TEMPORARY, loc);
        } else if (UnionLowering.isUnion(returnType)) {
            unionResult = ctx.unions.create(returnType, name + "::result", name + "()", Variable.Kind.TEMPORARY, loc);
        } else if (pointerResult == null && !ctx.types.isVoid(returnType)) {
            result = ctx.ir.variable(name + "::result", name + "()",
                    ctx.types.resolve(returnType, ctx.loc(definition.getDeclarator())), Variable.Kind.TEMPORARY);
        }
        Block exit = ctx.ir.newBlock();
        FunctionFrame frame = FunctionFrame.inlined(name, result, exit, call);
        frame.setStructResult(structResult);
        frame.setUnionResult(unionResult);
        boolean toVariables = pointerResult != null && ctx.pointers.returnsVariables(function, definition);
        if (toVariables) {
            ctx.pointers.startResult(frame, name, loc);
        } else if (pointerResult != null) {
            ctx.arrayPointers.startResult(frame, name, pointerResult, loc);
        }
        Set<IBinding> assigned = new HashSet<>();
        assignments(definition.getBody(), assigned, new HashSet<>());
        // what the callee can write through the pointers it is passed (all targets, by the points-to analysis)
        Set<Variable> pointed = new HashSet<>();
        for (Object value : values) {
            if (value instanceof Pointer p) {
                pointed.addAll(ctx.pointers.writable(p, loc));
            } else if (value instanceof StructPointer p) {
                pointed.addAll(p.target().leaves());
            } else if (value instanceof StructArray a) {
                pointed.addAll(a.leaves());
            } else if (value instanceof UnionPointer u) {
                pointed.add(u.target().variable());
            }
        }
        for (int i = 0; i < params.length; i++) {
            IParameter p = params[i];
            if (values[i] instanceof ArrayView passed && (assigned.contains(p) || ctx.staticArrayPointers.moves(passed))) {
                ctx.arrayPointers.bind(frame, p, p.getName(), passed, Variable.Kind.PARAMETER, loc); // the callee moves it: an offset variable of its own
                continue;
            }
            if (values[i] instanceof ArrayView passed) {
                frame.arrays().put(p, passed);
                continue;
            }
            if (values[i] instanceof StructObject passed) {
                // by value: the parameter is a copy, made now
                frame.structs().put(p, ctx.structs.copyOf(passed, frame.prefix() + p.getName(), p.getName(), Variable.Kind.PARAMETER, loc));
                continue;
            }
            if (values[i] instanceof UnionLowering.UnionObject passed) {
                // by value: the parameter is a copy, made now
                frame.unions().put(p, ctx.unions.copyOf(passed, frame.prefix() + p.getName(), p.getName(), Variable.Kind.PARAMETER, loc));
                continue;
            }
            if (values[i] instanceof UnionPointer passed) {
                if (assigned.contains(p)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment to the pointer parameter " + p.getName() + " of " + name
                            + " (PDPV reads pointer parameters that the function does not assign)");
                }
                frame.unionPointers().put(p, passed.target());
                continue;
            }
            if (values[i] instanceof StructPointer passed) {
                if (assigned.contains(p)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment to the pointer parameter " + p.getName() + " of " + name
                            + " (PDPV reads pointer parameters that the function does not assign)");
                }
                frame.structPointers().put(p, passed.target());
                continue;
            }
            if (values[i] instanceof StructArray passed) {
                if (assigned.contains(p)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment to the pointer parameter " + p.getName() + " of " + name
                            + " (PDPV reads pointer parameters that the function does not assign)");
                }
                frame.structArrays().put(p, passed);
                continue;
            }
            if (values[i] instanceof Pointer passed) {
                if (assigned.contains(p)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment to the pointer parameter " + p.getName() + " of " + name
                            + " (PDPV reads pointer parameters that the function does not assign)");
                }
                frame.pointers().put(p, passed);
                continue;
            }
            if (i >= args.length && ctx.types.pointee(p.getType(), at) != null) {
                throw new UserError(UserError.Kind.SYNTAX, loc, "missing argument for the pointer parameter " + p.getName() + " of " + name);
            }
            if (!ctx.types.isInteger(p.getType())) {
                // a pointer that points into no array (a string literal for __assert_fail's), or another
                // type PDPV does not model: accepted while the callee does not use the parameter
                ctx.unusable.put(p, "use of parameter " + p.getName() + " of type " + p.getType());
                continue;
            }
            CType type = ctx.types.resolve(p.getType(), at);
            if (i < args.length && !assigned.contains(p) && unchangedBy((Expr) values[i], name, pointed)) {
                // the callee can change neither the parameter nor what its argument reads: the argument's
                // value is the parameter's, with no variable for a copy that a loop's state would carry
                Expr value = ctx.typing.convert((Expr) values[i], type);
                ctx.ir.evaluate(value, loc);
                frame.arguments().put(p, value);
                continue;
            }
            Variable v = ctx.ir.variable(frame.prefix() + p.getName(), p.getName(), type, Variable.Kind.PARAMETER);
            frame.locals().put(p, v);
            if (i < args.length) {
                ctx.ir.assign(v, ctx.typing.convert((Expr) values[i], type), loc);
            } else {
                ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "missing argument " + p.getName(), loc);
            }
        }
        ctx.staticArrayPointers.enter(frame);
        ctx.frames.push(frame);
        ctx.statements.statement(definition.getBody());
        if (result != null) {
            ctx.ir.havoc(result, Stmt.Havoc.Reason.UNINITIALIZED, "result of " + name + "() without return", loc);
        }
        if (structResult != null) {
            for (Variable v : structResult.leaves()) {
                ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "result of " + name + "() without return", loc);
            }
        }
        if (unionResult != null) {
            ctx.ir.havoc(unionResult.variable(), Stmt.Havoc.Reason.UNINITIALIZED, "result of " + name + "() without return", loc);
        }
        ctx.ir.continueIn(exit);
        frame.checkLabels();
        ctx.frames.pop();
        if (toVariables) {
            ctx.pointers.endResult(frame);
        } else if (pointerResult != null) {
            ctx.arrayPointers.endResult(frame, loc);
        }
        lastStructResult = structResult;
        lastUnionResult = unionResult;
        return result == null ? null : new Expr.VarRef(result);
    }

    /**
     * Whether no variable that {@code e} reads can change while {@code function} runs: the caller's
     * scalar locals cannot unless the callee is passed a pointer that may point to them ({@code
     * pointed}: all targets the points-to analysis gives, whatever the pointer holds at this
     * call), a struct's members are always copied, a global or static one can if the function, or a
     * function it calls, assigns a variable of its name; an array's cells can change through any
     * pointer the callee was passed, so an argument that reads an array is always copied.
     */
    private boolean unchangedBy(Expr e, String function, Set<Variable> pointed) {
        Set<String> written = writes(function, new HashSet<>());
        return VariableUses.reads(e).stream()
                .noneMatch(v -> v.isArray() || pointed.contains(v) || v.sourceName().contains(".")
                        || v.kind() == Variable.Kind.GLOBAL && written.contains(v.sourceName()));
    }

    /**
     * The names of the variables {@code function} and the defined functions it calls assign (memoized;
     * a cycle of calls is cut, which matters not: inlining one reports the recursion as unsupported).
     */
    private Set<String> writes(String function, Set<String> visiting) {
        Set<String> known = writes.get(function);
        if (known != null) {
            return known;
        }
        Set<String> out = new HashSet<>();
        IASTFunctionDefinition definition = ctx.definitions.get(function);
        if (definition != null && visiting.add(function)) {
            Set<String> callees = new HashSet<>();
            assignments(definition.getBody(), new HashSet<>(), out);
            definition.getBody().accept(new ASTVisitor() {
                {
                    shouldVisitExpressions = true;
                }

                @Override
                public int visit(IASTExpression e) {
                    if (e instanceof IASTFunctionCallExpression c
                            && ExpressionLowering.strip(c.getFunctionNameExpression()) instanceof IASTIdExpression id) {
                        callees.add(id.getName().toString());
                    }
                    return PROCESS_CONTINUE;
                }
            });
            callees.forEach(c -> out.addAll(writes(c, visiting)));
            writes.put(function, out);
        }
        return out;
    }

    /** Adds the variables {@code body} assigns, increments, decrements or takes the address of by name to {@code bindings} and {@code names}. */
    static void assignments(IASTNode body, Set<IBinding> bindings, Set<String> names) {
        body.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                IASTExpression target = null;
                if (e instanceof IASTBinaryExpression b && Operators.isAssignment(b.getOperator())) {
                    target = b.getOperand1();
                } else if (e instanceof IASTUnaryExpression u && (Operators.isIncrement(u.getOperator())
                        || u.getOperator() == IASTUnaryExpression.op_amper)) {
                    // a variable whose address is taken may be written through the pointer
                    target = u.getOperand();
                }
                if (target != null && ExpressionLowering.strip(target) instanceof IASTIdExpression id) {
                    bindings.add(id.getName().resolveBinding());
                    names.add(id.getName().toString());
                }
                return PROCESS_CONTINUE;
            }
        });
    }
}
