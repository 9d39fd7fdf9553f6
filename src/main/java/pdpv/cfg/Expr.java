package pdpv.cfg;

import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;
import pdpv.semantics.UndefinedBehaviour;

/**
 * A side-effect-free, fully typed expression: every implicit conversion of C is an explicit
 * {@link Cast}, both operands of a {@link Binary} have the same type ({@code operandType}).
 */
public sealed interface Expr {
    CType type();

    /** A constant; {@code bits} is normalized to the type's width. */
    record Const(CType type, long bits) implements Expr {
        public Const {
            bits = type.normalize(bits);
        }

        @Override
        public String toString() {
            return type.format(bits);
        }
    }

    record VarRef(Variable variable) implements Expr {
        public VarRef {
            if (variable.isArray()) {
                throw new IllegalArgumentException(variable + " is an array: its cells are read by Select");
            }
        }

        @Override
        public CType type() {
            return variable.type();
        }

        @Override
        public String toString() {
            return variable.name();
        }
    }

    /**
     * The cell at {@code index} (of the index type, {@link pdpv.semantics.CSemantics#indexType()})
     * of the array variable {@code array}, in the SMT theory of arrays: any index has a cell; the
     * front end guards the accesses C allows (issue #20).
     */
    record Select(Variable array, Expr index, CType type) implements Expr {
        public Select {
            if (!array.isArray() || !array.type().equals(type)) {
                throw new IllegalArgumentException("select of " + type + " from " + array);
            }
        }

        @Override
        public String toString() {
            return array.name() + "[" + index + "]";
        }
    }

    /** {@code -} and {@code ~} yield the operand's (promoted) type; {@code !} yields int. */
    record Unary(UnaryOp op, Expr operand, CType type) implements Expr {
        @Override
        public String toString() {
            return op.symbol() + "(" + operand + ")";
        }
    }

    /** Both operands have {@code operand type} = left.type(); comparisons yield int 0/1. */
    record Binary(BinaryOp op, Expr left, Expr right, CType type) implements Expr {
        public Binary {
            if (!left.type().equals(right.type())) {
                throw new IllegalArgumentException("operand types differ: " + left.type() + " " + op.symbol() + " " + right.type());
            }
        }

        public CType operandType() {
            return left.type();
        }

        @Override
        public String toString() {
            return "(" + left + " " + op.symbol() + " " + right + ")";
        }
    }

    /**
     * {@code int} 1 when the operation {@code left op right} has undefined behaviour of {@code kind},
     * else 0, as {@link pdpv.semantics.CSemantics#undefined} defines it. The front end builds it
     * only into the guards it inserts ({@link UbGuards}); it is not C syntax.
     */
    record Undefined(UndefinedBehaviour kind, BinaryOp op, Expr left, Expr right, CType type) implements Expr {
        public Undefined {
            if (!left.type().equals(right.type())) {
                throw new IllegalArgumentException("operand types differ: " + left.type() + " " + op.symbol() + " " + right.type());
            }
        }

        @Override
        public String toString() {
            return kind.option() + "(" + left + " " + op.symbol() + " " + right + ")";
        }
    }

    /** Conversion to {@code type} (C11 §6.3.1.2–6.3.1.3). */
    record Cast(Expr operand, CType type) implements Expr {
        @Override
        public String toString() {
            return "(" + type + ")" + operand;
        }
    }

    /** {@code condition ? ifTrue : ifFalse}; the condition is any scalar (true when nonzero),
     * both branches have {@code type}. */
    record Ite(Expr condition, Expr ifTrue, Expr ifFalse, CType type) implements Expr {
        @Override
        public String toString() {
            return "(" + condition + " ? " + ifTrue + " : " + ifFalse + ")";
        }
    }
}
