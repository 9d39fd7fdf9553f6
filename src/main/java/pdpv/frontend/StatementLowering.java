package pdpv.frontend;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBreakStatement;
import org.eclipse.cdt.core.dom.ast.IASTCaseStatement;
import org.eclipse.cdt.core.dom.ast.IASTCompoundStatement;
import org.eclipse.cdt.core.dom.ast.IASTContinueStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarationStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTDefaultStatement;
import org.eclipse.cdt.core.dom.ast.IASTDoStatement;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTGotoStatement;
import org.eclipse.cdt.core.dom.ast.IASTIfStatement;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTLabelStatement;
import org.eclipse.cdt.core.dom.ast.IASTNullStatement;
import org.eclipse.cdt.core.dom.ast.IASTProblemStatement;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTSwitchStatement;
import org.eclipse.cdt.core.dom.ast.IASTWhileStatement;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTCompoundStatementExpression;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * Lowers C statements and local declarations of the current function to blocks: structured
 * statements to branches and jumps, {@code switch} to a chain of comparisons with fallthrough,
 * labels and {@code goto} to blocks and jumps (a label named {@code ERROR} asserts false where
 * {@link LoweringContext#errorLabels} says so),
 * {@code return} to an assignment of the result and a jump to the caller's continuation.
 */
final class StatementLowering {
    private final LoweringContext ctx;

    StatementLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    void statement(IASTStatement s) {
        if (s instanceof IASTCompoundStatement c) {
            for (IASTStatement inner : c.getStatements()) {
                statement(inner);
            }
        } else if (s instanceof IASTExpressionStatement e) {
            ctx.expressions.effect(e.getExpression());
        } else if (s instanceof IASTDeclarationStatement d) {
            declaration(d.getDeclaration());
        } else if (s instanceof IASTIfStatement i) {
            ifStatement(i);
        } else if (s instanceof IASTWhileStatement w) {
            whileStatement(w);
        } else if (s instanceof IASTDoStatement d) {
            doStatement(d);
        } else if (s instanceof IASTForStatement f) {
            forStatement(f);
        } else if (s instanceof IASTBreakStatement) {
            ctx.ir.jump(target(ctx.frame().breakTargets().peek(), "break outside of a loop or switch", s));
        } else if (s instanceof IASTContinueStatement) {
            ctx.ir.jump(target(ctx.frame().continueTargets().peek(), "continue outside of a loop", s));
        } else if (s instanceof IASTReturnStatement r) {
            returnStatement(r);
        } else if (s instanceof IASTSwitchStatement sw) {
            switchStatement(sw);
        } else if (s instanceof IASTCaseStatement || s instanceof IASTDefaultStatement) {
            Map<IASTStatement, Block> cases = ctx.frame().switchCases().peek();
            ctx.ir.continueIn(target(cases == null ? null : cases.get(s), "case label outside of a switch", s));
        } else if (s instanceof IASTLabelStatement l) {
            label(l);
        } else if (s instanceof IASTGotoStatement g) {
            SourceLoc loc = ctx.loc(g);
            ctx.ir.jumpByGoto(ctx.frame().label(g.getName().toString(), ctx.ir, loc), loc);
        } else if (!(s instanceof IASTNullStatement) && !(s instanceof IASTProblemStatement)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(s), "statement " + SourceLocator.text(s));
        }
    }

    /** A GNU statement expression {@code ({ ...; e; })}: its value is that of the last expression statement. */
    Expr statementExpression(IGNUASTCompoundStatementExpression e, boolean want) {
        IASTStatement[] body = e.getCompoundStatement().getStatements();
        for (int i = 0; i < body.length - 1; i++) {
            statement(body[i]);
        }
        if (body.length == 0) {
            return null;
        }
        IASTStatement last = body[body.length - 1];
        if (want && last instanceof IASTExpressionStatement es) {
            return ctx.expressions.value(es.getExpression());
        }
        statement(last);
        return null;
    }

    private Block target(Block b, String error, IASTStatement s) {
        if (b == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(s), error);
        }
        return b;
    }

    private void declaration(IASTDeclaration declaration) {
        if (!(declaration instanceof IASTSimpleDeclaration d)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(declaration), "declaration " + SourceLocator.text(declaration));
        }
        int storage = d.getDeclSpecifier().getStorageClass();
        if (storage == IASTDeclSpecifier.sc_typedef) {
            return;
        }
        for (IASTDeclarator outer : d.getDeclarators()) {
            IASTDeclarator declarator = TypeResolver.innermost(outer);
            IBinding binding = declarator.getName().resolveBinding();
            if (!(binding instanceof IVariable variable)) {
                continue;
            }
            SourceLoc loc = ctx.loc(declarator);
            String name = declarator.getName().toString();
            if (ctx.types.isIntegerArray(variable.getType())) {
                ArrayLowering.checkConstantExtents(declarator, loc);
                arrayDeclaration(binding, variable, name, storage, outer.getInitializer(), loc);
                continue;
            }
            if (UnionLowering.isUnion(variable.getType()) || UnionLowering.isUnionArray(variable.getType())) {
                if (storage == IASTDeclSpecifier.sc_extern) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "extern union " + name + " declared in a block (declare it at file scope)");
                }
                if (storage == IASTDeclSpecifier.sc_static) {
                    if (!ctx.globalUnions.containsKey(binding)) {
                        UnionLowering.UnionObject u = ctx.unions.create(variable.getType(), List.of(), outer.getInitializer(),
                                ctx.frame().name() + "::" + name, name, Variable.Kind.GLOBAL, loc);
                        ctx.globalUnions.put(binding, u);
                        ctx.unions.initialize(u, outer.getInitializer(), true, loc);
                    }
                    continue;
                }
                UnionLowering.UnionObject u = ctx.unions.create(variable.getType(), List.of(), outer.getInitializer(), ctx.frame().prefix() + name,
                        name, Variable.Kind.LOCAL, loc);
                ctx.unions.initialize(u, outer.getInitializer(), false, loc);
                ctx.frame().unions().put(binding, u);
                continue;
            }
            if (StructLowering.isStructArray(variable.getType())) {
                if (storage == IASTDeclSpecifier.sc_extern) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "extern array of structs " + name + " declared in a block"
                            + " (declare it at file scope)");
                }
                if (storage == IASTDeclSpecifier.sc_static) {
                    if (!ctx.globalStructArrays.containsKey(binding)) {
                        StructArray a = ctx.structs.createArray(variable.getType(), outer.getInitializer(), ctx.frame().name() + "::" + name,
                                name, Variable.Kind.GLOBAL, loc);
                        ctx.globalStructArrays.put(binding, a);
                        ctx.structs.initialize(a, outer.getInitializer(), true, loc);
                    }
                    continue;
                }
                StructArray a = ctx.structs.createArray(variable.getType(), outer.getInitializer(), ctx.frame().prefix() + name, name,
                        Variable.Kind.LOCAL, loc);
                ctx.structs.initialize(a, outer.getInitializer(), false, loc);
                ctx.frame().structArrays().put(binding, a);
                continue;
            }
            if (StructLowering.isStruct(variable.getType())) {
                if (storage == IASTDeclSpecifier.sc_extern) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "extern struct " + name + " declared in a block (declare it at file scope)");
                }
                if (storage == IASTDeclSpecifier.sc_static) {
                    if (!ctx.globalStructs.containsKey(binding)) {
                        StructObject s = ctx.structs.create(variable.getType(), ctx.frame().name() + "::" + name, name, Variable.Kind.GLOBAL, loc);
                        ctx.globalStructs.put(binding, s);
                        ctx.structs.initializeStatic(s, outer.getInitializer(), loc);
                    }
                    continue;
                }
                StructObject s = ctx.structs.create(variable.getType(), ctx.frame().prefix() + name, name, Variable.Kind.LOCAL, loc);
                ctx.structs.initialize(s, outer.getInitializer(), loc);
                ctx.frame().structs().put(binding, s);
                continue;
            }
            if (UnionLowering.isUnionPointer(variable.getType())) {
                ctx.frame().unionPointers().put(binding, ctx.unions.declarePointer(outer, storage, loc));
                continue;
            }
            if (ctx.structArrayPointers.declares(binding, declarator, variable.getType(), initializer(outer.getInitializer(), loc))) {
                if (storage == IASTDeclSpecifier.sc_extern || storage == IASTDeclSpecifier.sc_static) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "static or extern pointer " + name + " into an array of structs");
                }
                ctx.structArrayPointers.declare(binding, declarator, variable.getType(), name, initializer(outer.getInitializer(), loc), loc);
                continue;
            }
            if (storage == IASTDeclSpecifier.sc_static
                    && ctx.staticArrayPointers.declares(variable.getType(), initializer(outer.getInitializer(), loc), loc)) {
                ctx.staticArrayPointers.declare(binding, variable.getType(), name, initializer(outer.getInitializer(), loc),
                        ctx.frame().name() + "::", loc);
                continue;
            }
            if (ctx.arrayPointers.declares(binding, declarator, variable.getType(), initializer(outer.getInitializer(), loc), loc)) {
                if (storage == IASTDeclSpecifier.sc_extern || storage == IASTDeclSpecifier.sc_static) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "static or extern pointer " + name);
                }
                ctx.arrayPointers.declare(binding, declarator, variable.getType(), name, initializer(outer.getInitializer(), loc), loc);
                continue;
            }
            if (ctx.pointers.isPointerType(variable.getType())) {
                if (storage == IASTDeclSpecifier.sc_extern) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "extern pointer " + name + " declared in a block");
                }
                if (storage == IASTDeclSpecifier.sc_static) {
                    ctx.pointers.declareStatic(binding, name, initializer(outer.getInitializer(), loc), declarator,
                            ctx.frame().name() + "::", loc);
                    continue;
                }
                ctx.pointers.declare(variable, name, initializer(outer.getInitializer(), loc), declarator, loc);
                continue;
            }
            CType type = variableType(variable, name, loc);
            if (storage == IASTDeclSpecifier.sc_extern) {
                externLocal(binding, name, type, List.of(), loc);
                continue;
            }
            if (storage == IASTDeclSpecifier.sc_static) {
                staticLocal(binding, name, type, outer.getInitializer(), loc);
                continue;
            }
            Variable v = ctx.ir.variable(ctx.frame().prefix() + name, name, type, Variable.Kind.LOCAL);
            ctx.frame().locals().put(binding, v);
            IASTExpression init = initializer(outer.getInitializer(), loc);
            if (init == null) {
                ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + name, loc);
            } else {
                ctx.ir.assign(v, ctx.typing.convert(ctx.expressions.value(init), type), loc);
            }
        }
    }

    /**
     * A local array (issue #20): without initializer every cell is indeterminate, fresh each time the
     * declaration runs; with one, the cells it names get their values in order and the others 0.
     */
    private void arrayDeclaration(IBinding binding, IVariable variable, String name, int storage, IASTInitializer init,
                                  SourceLoc loc) {
        TypeResolver.Shape shape = ctx.types.shape(variable.getType(), loc);
        ArrayLowering.Layout layout = init == null ? null : ctx.arrays.layout(init, shape, loc);
        List<Long> dims = ArrayLowering.dims(shape, layout, loc);
        if (storage == IASTDeclSpecifier.sc_extern) {
            externLocal(binding, name, shape.element(), dims, loc);
            return;
        }
        if (storage == IASTDeclSpecifier.sc_static) {
            if (!ctx.globals.containsKey(binding)) {
                Variable v = ctx.ir.variable(ctx.frame().name() + "::" + name, name, shape.element(), Variable.Kind.GLOBAL, dims);
                ctx.globals.put(binding, v);
                initializeStaticArray(v, layout, loc);
            }
            return;
        }
        Variable v = ctx.ir.variable(ctx.frame().prefix() + name, name, shape.element(), Variable.Kind.LOCAL, dims);
        ctx.frame().locals().put(binding, v);
        if (layout == null) {
            ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + name, loc);
        } else {
            ctx.arrays.initialize(v, layout, false, loc);
        }
    }

    /** Adds the initialization of a global or static array to the entry prologue: as for scalars, 0 or an input without initializer. */
    void initializeStaticArray(Variable v, ArrayLowering.Layout layout, SourceLoc loc) {
        if (layout != null) {
            ctx.arrays.initialize(v, layout, true, loc);
        } else if (ctx.options.nondetGlobals()) {
            ctx.ir.addToPrologue(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "global " + v.sourceName(), loc));
        } else {
            ctx.ir.addToPrologue(new Stmt.ArrayAssign(v, new ArrayExpr.Filled(v.type(), 0), loc));
        }
    }

    /** The integer type of a variable, or unsupported naming the construct and the variable. */
    CType variableType(IVariable variable, String name, SourceLoc loc) {
        if (!ctx.types.isInteger(variable.getType())) {
            try {
                ctx.types.resolve(variable.getType(), loc);
            } catch (UserError e) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, e.getMessage() + " (variable " + name + ")");
            }
        }
        return ctx.types.resolve(variable.getType(), loc);
    }

    /** The expression of an {@code = e} initializer, or null; initializer lists are unsupported. */
    IASTExpression initializer(IASTInitializer init, SourceLoc loc) {
        if (init == null) {
            return null;
        }
        if (init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTExpression e) {
            return e;
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer list");
    }

    private void staticLocal(IBinding binding, String name, CType type, IASTInitializer init, SourceLoc loc) {
        if (ctx.globals.containsKey(binding)) {
            return;
        }
        Variable v = ctx.ir.variable(ctx.frame().name() + "::" + name, name, type, Variable.Kind.GLOBAL);
        ctx.globals.put(binding, v);
        initializeStatic(v, initializer(init, loc), loc);
    }

    /** A block-scope {@code extern} declaration names the file-scope global of that name, created here if there is none. */
    private void externLocal(IBinding binding, String name, CType type, List<Long> dims, SourceLoc loc) {
        if (ctx.globals.containsKey(binding)) {
            return;
        }
        Variable global = ctx.fileScopeGlobals.get(name);
        if (global == null) {
            global = ctx.ir.variable(name, name, type, Variable.Kind.GLOBAL, dims);
            ctx.fileScopeGlobals.put(name, global);
            if (global.isArray()) {
                initializeStaticArray(global, null, loc);
            } else {
                initializeStatic(global, null, loc);
            }
        }
        ctx.globals.put(binding, global);
    }

    /** Adds the initialization of a global or static variable to the entry prologue. */
    void initializeStatic(Variable v, IASTExpression init, SourceLoc loc) {
        if (init == null) {
            if (ctx.options.nondetGlobals()) {
                ctx.ir.addToPrologue(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "global " + v.sourceName(), loc));
            } else {
                ctx.ir.addToPrologue(new Stmt.Assign(v, new Expr.Const(v.type(), 0), loc));
            }
            return;
        }
        if (SideEffects.has(init)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-constant initializer of static variable " + v.sourceName());
        }
        Expr value = ctx.typing.convert(ctx.expressions.value(init), v.type());
        ctx.ir.addToPrologue(new Stmt.Assign(v, value, loc));
    }

    private void ifStatement(IASTIfStatement s) {
        Block then = ctx.ir.newBlock();
        Block join = ctx.ir.newBlock();
        Block otherwise = s.getElseClause() == null ? join : ctx.ir.newBlock();
        ctx.expressions.condition(s.getConditionExpression(), then, otherwise);
        ctx.ir.startIn(then);
        statement(s.getThenClause());
        ctx.ir.jump(join);
        if (s.getElseClause() != null) {
            ctx.ir.startIn(otherwise);
            statement(s.getElseClause());
            ctx.ir.jump(join);
        }
        ctx.ir.startIn(join);
    }

    private void whileStatement(IASTWhileStatement s) {
        Block head = ctx.ir.newBlock();
        Block body = ctx.ir.newBlock();
        Block exit = ctx.ir.newBlock();
        head.setLoopStatement(ctx.loc(s));
        ctx.ir.continueIn(head);
        ctx.expressions.condition(s.getCondition(), body, exit);
        ctx.ir.startIn(body);
        loopBody(s.getBody(), exit, head);
        ctx.ir.jump(head);
        ctx.ir.startIn(exit);
    }

    private void doStatement(IASTDoStatement s) {
        Block body = ctx.ir.newBlock();
        Block test = ctx.ir.newBlock();
        Block exit = ctx.ir.newBlock();
        body.setLoopStatement(ctx.loc(s));
        ctx.ir.continueIn(body);
        loopBody(s.getBody(), exit, test);
        ctx.ir.continueIn(test);
        ctx.expressions.condition(s.getCondition(), body, exit);
        ctx.ir.startIn(exit);
    }

    private void forStatement(IASTForStatement s) {
        if (s.getInitializerStatement() != null) {
            statement(s.getInitializerStatement());
        }
        Block head = ctx.ir.newBlock();
        Block body = ctx.ir.newBlock();
        Block step = ctx.ir.newBlock();
        Block exit = ctx.ir.newBlock();
        head.setLoopStatement(ctx.loc(s));
        ctx.ir.continueIn(head);
        if (s.getConditionExpression() == null) {
            ctx.ir.jump(body);
        } else {
            ctx.expressions.condition(s.getConditionExpression(), body, exit);
        }
        ctx.ir.startIn(body);
        loopBody(s.getBody(), exit, step);
        ctx.ir.continueIn(step);
        if (s.getIterationExpression() != null) {
            ctx.expressions.effect(s.getIterationExpression());
        }
        ctx.ir.jump(head);
        ctx.ir.startIn(exit);
    }

    private void loopBody(IASTStatement body, Block breakTarget, Block continueTarget) {
        ctx.frame().breakTargets().push(breakTarget);
        ctx.frame().continueTargets().push(continueTarget);
        statement(body);
        ctx.frame().breakTargets().pop();
        ctx.frame().continueTargets().pop();
    }

    private void returnStatement(IASTReturnStatement r) {
        FunctionFrame frame = ctx.frame();
        IASTExpression value = r.getReturnValue();
        SourceLoc loc = ctx.loc(r);
        if (value != null) {
            if (frame.structResult() != null) {
                ctx.structs.copy(frame.structResult(), ctx.structs.object(value), loc);
            } else if (frame.unionResult() != null) {
                ctx.unions.copy(frame.unionResult(), ctx.unions.object(value), loc);
            } else if (ctx.pointers.returnsPointer(frame)) {
                ctx.pointers.returned(frame, value, loc);
            } else if (ctx.arrayPointers.returnsPointer(frame)) {
                ctx.arrayPointers.returned(frame, value, loc);
            } else if (frame.result() != null) {
                ctx.ir.assign(frame.result(), ctx.typing.convert(ctx.expressions.value(value), frame.result().type()), loc);
            } else {
                ctx.expressions.effect(value);
            }
        }
        if (frame.isEntry()) {
            ctx.ir.halt(Terminator.Halt.Kind.RETURN, loc);
        } else {
            ctx.ir.jump(frame.exit());
        }
    }

    private void switchStatement(IASTSwitchStatement s) {
        Expr controller = ctx.typing.promote(ctx.expressions.value(s.getControllerExpression()));
        Map<IASTStatement, Block> cases = new LinkedHashMap<>();
        Block[] defaultBlock = {null};
        s.getBody().accept(new ASTVisitor() {
            {
                shouldVisitStatements = true;
            }

            @Override
            public int visit(IASTStatement statement) {
                if (statement instanceof IASTSwitchStatement) {
                    return PROCESS_SKIP;
                }
                if (statement instanceof IASTCaseStatement || statement instanceof IASTDefaultStatement) {
                    Block b = ctx.ir.newBlock();
                    cases.put(statement, b);
                    if (statement instanceof IASTDefaultStatement) {
                        defaultBlock[0] = b;
                    }
                }
                return PROCESS_CONTINUE;
            }
        });
        Block exit = ctx.ir.newBlock();
        Map<Long, IASTStatement> seen = new HashMap<>();
        for (Map.Entry<IASTStatement, Block> c : cases.entrySet()) {
            if (c.getKey() instanceof IASTCaseStatement cs) {
                Expr label = ctx.typing.convert(ctx.expressions.value(cs.getExpression()), controller.type());
                if (label instanceof Expr.Const k && seen.put(k.bits(), cs) != null) {
                    throw new UserError(UserError.Kind.SYNTAX, ctx.loc(cs), "duplicate case value");
                }
                Block next = ctx.ir.newBlock();
                ctx.ir.branch(new Expr.Binary(BinaryOp.EQ, controller, label, ctx.typing.intType()), c.getValue(), next, ctx.loc(cs));
                ctx.ir.startIn(next);
            }
        }
        ctx.ir.jump(defaultBlock[0] == null ? exit : defaultBlock[0]);
        ctx.frame().breakTargets().push(exit);
        ctx.frame().switchCases().push(cases);
        statement(s.getBody());
        ctx.frame().switchCases().pop();
        ctx.frame().breakTargets().pop();
        ctx.ir.continueIn(exit);
    }

    private void label(IASTLabelStatement l) {
        SourceLoc loc = ctx.loc(l);
        String name = l.getName().toString();
        ctx.ir.continueIn(ctx.frame().defineLabel(name, ctx.ir, loc));
        if (name.equals("ERROR") && ctx.errorLabels) {
            ctx.ir.addAssert(ctx.typing.intConst(0), "ERROR label", loc);
        }
        statement(l.getNestedStatement());
    }
}
