package pdpv.frontend;

import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import pdpv.semantics.BinaryOp;

/** Maps CDT's binary operator codes to PDPV's {@link BinaryOp}s, compound assignments included; tells the writing operators. */
final class Operators {
    private Operators() {
    }

    static boolean isAssignment(int op) {
        return op == IASTBinaryExpression.op_assign || compoundOperator(op) != null;
    }

    /** Whether a unary operator code is one of {@code ++x}, {@code x++}, {@code --x}, {@code x--}. */
    static boolean isIncrement(int op) {
        return op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_prefixDecr
                || op == IASTUnaryExpression.op_postFixIncr || op == IASTUnaryExpression.op_postFixDecr;
    }

    /** The arithmetic operator of a compound assignment such as {@code +=}, or null. */
    static BinaryOp compoundOperator(int op) {
        return switch (op) {
            case IASTBinaryExpression.op_plusAssign -> BinaryOp.ADD;
            case IASTBinaryExpression.op_minusAssign -> BinaryOp.SUB;
            case IASTBinaryExpression.op_multiplyAssign -> BinaryOp.MUL;
            case IASTBinaryExpression.op_divideAssign -> BinaryOp.DIV;
            case IASTBinaryExpression.op_moduloAssign -> BinaryOp.REM;
            case IASTBinaryExpression.op_shiftLeftAssign -> BinaryOp.SHL;
            case IASTBinaryExpression.op_shiftRightAssign -> BinaryOp.SHR;
            case IASTBinaryExpression.op_binaryAndAssign -> BinaryOp.AND;
            case IASTBinaryExpression.op_binaryOrAssign -> BinaryOp.OR;
            case IASTBinaryExpression.op_binaryXorAssign -> BinaryOp.XOR;
            default -> null;
        };
    }

    /** The operator of a plain binary expression (not assignment, not {@code &&}/{@code ||}/comma), or null. */
    static BinaryOp binaryOperator(int op) {
        return switch (op) {
            case IASTBinaryExpression.op_plus -> BinaryOp.ADD;
            case IASTBinaryExpression.op_minus -> BinaryOp.SUB;
            case IASTBinaryExpression.op_multiply -> BinaryOp.MUL;
            case IASTBinaryExpression.op_divide -> BinaryOp.DIV;
            case IASTBinaryExpression.op_modulo -> BinaryOp.REM;
            case IASTBinaryExpression.op_shiftLeft -> BinaryOp.SHL;
            case IASTBinaryExpression.op_shiftRight -> BinaryOp.SHR;
            case IASTBinaryExpression.op_binaryAnd -> BinaryOp.AND;
            case IASTBinaryExpression.op_binaryOr -> BinaryOp.OR;
            case IASTBinaryExpression.op_binaryXor -> BinaryOp.XOR;
            case IASTBinaryExpression.op_equals -> BinaryOp.EQ;
            case IASTBinaryExpression.op_notequals -> BinaryOp.NE;
            case IASTBinaryExpression.op_lessThan -> BinaryOp.LT;
            case IASTBinaryExpression.op_lessEqual -> BinaryOp.LE;
            case IASTBinaryExpression.op_greaterThan -> BinaryOp.GT;
            case IASTBinaryExpression.op_greaterEqual -> BinaryOp.GE;
            default -> null;
        };
    }
}
