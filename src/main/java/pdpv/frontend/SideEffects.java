package pdpv.frontend;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTCompoundStatementExpression;

/**
 * Decides syntactically whether evaluating an expression does more than compute a value: calls
 * (inputs, assertions, inlined functions), assignments, increments, statement expressions, reads
 * of BLAST's {@code NONDET} variables, and subscripts of a union's array members, whose extent
 * check is a statement of its own ({@link UnionLowering#element}), so that {@code i < 4 && u.a[i]}
 * checks {@code u.a[i]} only where C evaluates it. Operands of {@code sizeof} are not evaluated.
 */
final class SideEffects {
    private SideEffects() {
    }

    static boolean isNondetName(String name) {
        return name.equals("__BLAST_NONDET") || name.equals("NONDET");
    }

    static boolean has(IASTNode node) {
        return contains(node, SideEffects::effectful);
    }

    /** Whether evaluating {@code node} applies an operator C can leave undefined (arithmetic, shifts, unary minus). */
    static boolean mayBeUndefined(IASTNode node) {
        return contains(node, e -> e instanceof IASTBinaryExpression b && Operators.binaryOperator(b.getOperator()) != null
                && !Operators.binaryOperator(b.getOperator()).isComparison()
                || e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_minus);
    }

    /** Whether an evaluated subexpression of {@code node} (not an operand of {@code sizeof}) is {@code wanted}. */
    private static boolean contains(IASTNode node, java.util.function.Predicate<IASTExpression> wanted) {
        boolean[] found = {false};
        node.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTUnaryExpression u && (u.getOperator() == IASTUnaryExpression.op_sizeof
                        || u.getOperator() == IASTUnaryExpression.op_alignOf)) {
                    return PROCESS_SKIP;
                }
                if (e instanceof IASTTypeIdExpression) {
                    return PROCESS_SKIP;
                }
                if (wanted.test(e)) {
                    found[0] = true;
                    return PROCESS_ABORT;
                }
                return PROCESS_CONTINUE;
            }
        });
        return found[0];
    }

    private static boolean effectful(IASTExpression e) {
        if (e instanceof IASTFunctionCallExpression || e instanceof IGNUASTCompoundStatementExpression) {
            return true;
        }
        if (e instanceof IASTIdExpression id) {
            return isNondetName(id.getName().toString());
        }
        if (e instanceof IASTUnaryExpression u) {
            return Operators.isIncrement(u.getOperator());
        }
        if (e instanceof IASTBinaryExpression b) {
            return Operators.isAssignment(b.getOperator());
        }
        return e instanceof IASTArraySubscriptExpression s && UnionLowering.isElement(s);
    }
}
