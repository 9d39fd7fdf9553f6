package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The operators on 8-bit constants against hand-computed results (BTOR2 = SMT-LIB semantics): each
 * case is a model whose only bad property is {@code op(a, b) = expected}, which must simplify to true.
 */
class Btor2OperatorsTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    private void assertResult(String op, String operands, int width, long expected) throws Btor2Exception {
        String text = "1 sort bitvec 8\n2 sort bitvec 1\n3 sort bitvec " + width + "\n"
                + "4 constd 1 " + operands.split(" ")[0] + "\n"
                + "5 constd 1 " + (operands.contains(" ") ? operands.split(" ")[1] : "0") + "\n"
                + "6 " + op + " 3 4" + (operands.contains(" ") ? " 5" : "") + "\n"
                + "7 constd 3 " + expected + "\n"
                + "8 eq 2 6 7\n9 bad 8\n";
        assertTrue(Btor2Reader.read(ctx, text).system().bad().simplify().isTrue(), op + " " + operands);
    }

    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource({
        "not, 5, 250", "inc, 255, 0", "dec, 0, 255", "neg, 1, 255",
        "add, 200 100, 44", "sub, 3 5, 254", "mul, 16 17, 16",
        "udiv, 200 7, 28", "udiv, 9 0, 255", "urem, 200 7, 4", "urem, 9 0, 9",
        "sdiv, -7 2, -3", "srem, -7 2, -1", "smod, -7 2, 1", "smod, 7 -2, -1", "sdiv, 9 0, 255",
        "and, 12 10, 8", "or, 12 10, 14", "xor, 12 10, 6", "nand, 12 10, 247", "nor, 12 10, 241", "xnor, 12 10, 249",
        "sll, 3 2, 12", "sll, 1 9, 0", "srl, 128 7, 1", "sra, -128 7, 255", "sra, 64 7, 0",
        "rol, 129 1, 3", "ror, 129 1, 192", "rol, 129 9, 3",
    })
    void sameWidth(String op, String operands, long expected) throws Btor2Exception {
        assertResult(op, operands, 8, expected & 0xff);
    }

    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource({
        "eq, 3 3, 1", "neq, 3 3, 0", "ult, 1 255, 1", "slt, 1 -1, 0", "ulte, 4 4, 1", "slte, -1 0, 1",
        "ugt, 255 1, 1", "sgt, -1 1, 0", "ugte, 0 1, 0", "sgte, 0 -1, 1", "ule, 2 1, 0", "sge, 1 1, 1",
        "uaddo, 200 100, 1", "uaddo, 100 100, 0", "saddo, 100 100, 1", "saddo, -100 -100, 1", "saddo, -100 100, 0",
        "usubo, 1 2, 1", "ssubo, -100 100, 1", "ssubo, 100 -27, 0", "umulo, 16 16, 1", "umulo, 15 17, 0",
        "smulo, 16 8, 1", "smulo, -16 8, 0", "sdivo, -128 -1, 1", "sdivo, -128 1, 0",
        "redand, 255, 1", "redand, 254, 0", "redor, 0, 0", "redor, 8, 1", "redxor, 7, 1", "redxor, 3, 0",
    })
    void predicates(String op, String operands, long expected) throws Btor2Exception {
        assertResult(op, operands, 1, expected);
    }

    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource({"concat, 1 2, 258"})
    void concatenation(String op, String operands, long expected) throws Btor2Exception {
        assertResult(op, operands, 16, expected);
    }

    /** Node 3 is 0x9f (8 bits), node 4 is true (1 bit); node 6 is the operation, of sort 5. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "4 | 6 slice 5 3 7 4 | 9",
        "16 | 6 sext 5 3 8 | 65439",
        "16 | 6 uext 5 3 8 | 159",
        "8 | 6 ite 5 4 3 -3 | 159",
        "8 | 6 ite 5 -4 3 -3 | 96",
        "1 | 6 iff 5 4 4 | 1",
        "1 | 6 iff 5 4 -4 | 0",
        "1 | 6 implies 5 -4 4 | 1",
        "1 | 6 implies 5 4 -4 | 0",
    })
    void indexedAndBoolean(int width, String line, long expected) throws Btor2Exception {
        String text = "1 sort bitvec 8\n2 sort bitvec 1\n3 consth 1 9f\n4 one 2\n5 sort bitvec " + width + "\n"
                + line + "\n7 constd 5 " + expected + "\n8 eq 2 6 7\n9 bad 8\n";
        assertTrue(Btor2Reader.read(ctx, text).system().bad().simplify().isTrue(), line);
    }
}
