package pdpv.semantics;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The kinds of undefined behaviour of C's integer operations that PDPV checks, each read as the
 * user asks ({@link UbReading}, one option per kind). Each kind is a condition on one binary
 * operation's operands, {@link CSemantics#undefined}, over the operators {@link #concerns} names;
 * the conditions of different kinds never hold together, so one operation has at most one kind.
 * A further kind is one constant here and its case in {@link CSemantics#undefined}.
 */
public enum UndefinedBehaviour {
    /**
     * C11 §6.5p5: a signed {@code + - *}, unary {@code -} or {@code /} whose exact result does not
     * fit its type; a signed {@code %} whose quotient does not ({@code INT_MIN % -1}, §6.5.5p6); a
     * signed {@code <<} of a negative value or whose {@code E1 * 2^E2} does not fit (§6.5.7p4), as
     * gcc's {@code -fwrapv} (which defines it) and UBSan's {@code shift-base} group it.
     */
    SIGNED_OVERFLOW("signed overflow", "signed-overflow", "wrap", EnumSet.of(BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL,
            BinaryOp.DIV, BinaryOp.REM, BinaryOp.SHL)),
    /** C11 §6.5.5p5: the second operand of {@code /} or {@code %} is zero, of any signedness. */
    DIVISION_BY_ZERO("division by zero", "div-by-zero", "smtlib", EnumSet.of(BinaryOp.DIV, BinaryOp.REM)),
    /** C11 §6.5.7p3: the amount of {@code <<} or {@code >>} is negative or at least the width of the
     * promoted left operand (UBSan's {@code shift-exponent}), of any signedness. */
    SHIFT("undefined shift", "undefined-shift", "smtlib", EnumSet.of(BinaryOp.SHL, BinaryOp.SHR)),
    /**
     * C11 §6.5.2.1p2 and §6.5.6p8 (issue #20): a subscript {@code a[i]}, read or written, whose
     * cell lies outside the array object, {@code i < 0} or {@code i >= n} for its {@code n} cells
     * (flat, row-major: a cell of another row of the same object counts as inside, as CBMC's
     * {@code --bounds-check} reads a pointer's object). No arithmetic operator has it: the front end
     * guards subscripts ({@link #ofSubscripts}), as {@code i ADD n} read as "i is not below n".
     */
    ARRAY_BOUNDS("array index out of bounds", "array-bounds", "smtlib", EnumSet.noneOf(BinaryOp.class)),
    /**
     * C11 §6.5.3.2p4 (issue #20): {@code *p} read or written where the pointer {@code p} is null. An
     * invalid dereference as an access outside an array is, so it shares {@link #ARRAY_BOUNDS}'s
     * option (as CBMC's {@code --pointer-check} covers both). No arithmetic operator has it: the front
     * end marks a dereference of a pointer that may be null, {@code p EQ 0} read as "p is the null id".
     */
    NULL_DEREFERENCE("null pointer dereference", "array-bounds", "smtlib", EnumSet.noneOf(BinaryOp.class)),
    /**
     * C11 §6.3.2.1p2 and §6.7.9p10 (issue #20): the value of a local pointer variable read (compared,
     * copied, dereferenced) before anything is assigned to it, an indeterminate value of an object
     * whose address is never taken. It shares {@link #ARRAY_BOUNDS}'s option as
     * {@link #NULL_DEREFERENCE} does; the front end marks such a read, {@code p EQ u} read as "p holds
     * the id u of no variable that stands for indeterminate".
     */
    UNINITIALIZED_POINTER("read of an uninitialized pointer", "array-bounds", "smtlib", EnumSet.noneOf(BinaryOp.class));

    private final String description;
    private final String option;
    private final String definedName;
    private final Set<BinaryOp> operators;

    UndefinedBehaviour(String description, String option, String definedName, Set<BinaryOp> operators) {
        this.description = description;
        this.option = option;
        this.definedName = definedName;
        this.operators = operators;
    }

    /** What the user reads: {@code division by zero}. */
    public String description() {
        return description;
    }

    /** The option that sets its reading, without dashes: {@code div-by-zero}; two kinds may share one. */
    public String option() {
        return option;
    }

    /** The name of its {@link UbReading#DEFINED} reading: {@code wrap} for signed overflow, else {@code smtlib}. */
    public String definedName() {
        return definedName;
    }

    /** The text of the assertions the front end inserts under {@link UbReading#ERROR}: {@code no division by zero}. */
    public String assertionText() {
        return "no " + description;
    }

    /**
     * Whether this kind is of subscripts, not of arithmetic: {@link pdpv.cfg.Expr.Undefined} of it has
     * the flat index (of the index type) as left operand and the array's number of cells as right.
     */
    public boolean ofSubscripts() {
        return this == ARRAY_BOUNDS;
    }

    /**
     * Whether this kind is of pointers to variables: {@link pdpv.cfg.Expr.Undefined} of it has the
     * pointer's target id as left operand and an id of no variable as right (null's, 0, or the
     * indeterminate one), and holds when they are equal.
     */
    public boolean ofPointers() {
        return this == NULL_DEREFERENCE || this == UNINITIALIZED_POINTER;
    }

    /** Whether {@code op} on operands of type {@code operandType} can have this behaviour; unary minus is {@code 0 - a}. */
    public boolean concerns(BinaryOp op, CType operandType) {
        return operators.contains(op) && (this != SIGNED_OVERFLOW || operandType.signed());
    }

    /** The reading's name for this kind: {@code wrap}/{@code smtlib}, {@code undefined} or {@code error}. */
    public String name(UbReading reading) {
        return reading == UbReading.DEFINED ? definedName : reading.name().toLowerCase(Locale.ROOT);
    }

    /** The reading this kind calls {@code name} ({@link #name(UbReading)}), or null. */
    public UbReading reading(String name) {
        for (UbReading r : UbReading.values()) {
            if (name(r).equals(name)) {
                return r;
            }
        }
        return null;
    }
}
