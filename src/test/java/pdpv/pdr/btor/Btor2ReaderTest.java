package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/** The structure the reader builds, and its messages for models it rejects. */
class Btor2ReaderTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    @Test
    void statesInputsAndPropertiesKeepTheirSymbols() throws Btor2Exception {
        Btor2Model model = Btor2Models.read(ctx, "input_constraint_holds.btor2");
        TransitionSystem ts = model.system();
        assertEquals(List.of("x"), ts.vars().stream().map(StateVar::name).toList());
        assertEquals(List.of("step"), model.inputNames());
        assertEquals(1, ts.constraints().size());
        assertEquals(1, model.properties().size());
        assertEquals("b0 \"above110\" (line 19)", model.properties().get(0).describe());
        assertTrue(ts.isFunctional());
    }

    @Test
    void nodesWithoutSymbolsAreNamedByTheirIds() throws Btor2Exception {
        Btor2Model model = Btor2Reader.read(ctx, "1 sort bitvec 3\n2 state 1\n3 input 1\n4 state 1 x\n5 state 1 x\n");
        assertEquals(List.of("state2", "x", "x#5"), model.system().vars().stream().map(StateVar::name).toList());
        assertEquals(List.of("input3"), model.inputNames());
    }

    @Test
    void symbolsDoNotClashWithTheEnginesNames() throws Btor2Exception {
        Btor2Model model = Btor2Reader.read(ctx, "1 sort bitvec 3\n2 state 1 a'b@c!d\n3 state 1 a_b_c_d\n");
        assertEquals(List.of("a_b_c_d", "a_b_c_d#3"), model.system().vars().stream().map(StateVar::name).toList());
    }

    @Test
    void aStateWithoutNextTakesAFreshInput() throws Btor2Exception {
        Btor2Model model = Btor2Models.read(ctx, "havoc_state.btor2");
        TransitionSystem ts = model.system();
        assertEquals(List.of(), model.inputNames());
        assertEquals(List.of("y!havoc"), ts.inputs().stream().map(InputVar::name).toList());
        assertEquals(ts.inputs().get(0).expr(), ts.nextFunctions().get("y"));
    }

    @Test
    void withoutBadThePropertyIsFalse() throws Btor2Exception {
        Btor2Model model = Btor2Reader.read(ctx, "1 sort bitvec 2\n2 state 1 s\n3 next 1 2 2\n");
        assertTrue(model.system().bad().simplify().isFalse());
        assertTrue(model.system().init().isTrue());
    }

    @Test
    void negativeIdsNegateBitwise() throws Btor2Exception {
        String text = """
                1 sort bitvec 4
                2 sort bitvec 1
                3 constd 1 5
                4 constd 1 10
                5 eq 2 -3 4 ; ~0101 = 1010
                6 bad 5
                """;
        assertTrue(Btor2Reader.read(ctx, text).system().bad().simplify().isTrue());
    }

    @Test
    void commentsBlankLinesAndOutputsAreIgnored() throws Btor2Exception {
        String text = "; header\n\n1 sort bitvec 1 ; a comment\n2 one 1\n3 output 2 out\n4 bad 2 ; reachable\n";
        Btor2Model model = Btor2Reader.read(ctx, text);
        assertEquals(1, model.properties().size());
        assertTrue(model.system().bad().simplify().isTrue());
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "array.btor2 | 3: unsupported: arrays",
        "unknown_op.btor2 | 3: error: unknown operator 'frobnicate'",
        "undefined_node.btor2 | 4: error: node 9 is not defined before line 4",
        "width_mismatch.btor2 | 5: error: 'add' needs operands of equal width, found 4 and 8",
    })
    void rejectedFiles(String file, String message) {
        Btor2Exception e = assertThrows(Btor2Exception.class, () -> Btor2Models.read(ctx, file));
        assertEquals(file + ":" + message, e.render(file));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
        "1 sort bitvec 4\\n2 sort bitvec 1\\n3 state 1\\n4 add 2 3 3 | X:4: error: 'add' has sort bitvec 1 but its result has width 4",
        "1 sort bitvec 4\\n2 state 1\\n3 bad 2 | X:3: error: 'bad' needs a condition of width 1, found width 4",
        "1 sort bitvec 4\\n2 const 1 101 | X:2: error: expected 4 binary digits, found '101'",
        "1 sort bitvec 4\\n2 constd 1 16 | X:2: error: constant 16 does not fit in 4 bits",
        "1 sort bitvec 4\\n2 consth 1 1g | X:2: error: malformed constant '1g'",
        "1 sort bitvec 4\\n2 slice 3 1 | X:2: error: 3 is not a sort",
        "1 sort bitvec 4\\n2 state 1\\n3 slice 1 2 4 1 | X:3: error: slice [4:1] outside an operand of width 4",
        "1 sort bitvec 4\\n2 state 1\\n3 init 1 2 2\\n4 init 1 2 2 | X:4: error: second 'init' for state 2",
        "1 sort bitvec 4\\n2 input 1\\n3 state 1\\n4 init 1 3 2 | X:4: unsupported: initial value that depends on an input",
        "1 sort bitvec 4\\n2 zero 1\\n3 next 1 2 2 | X:3: error: 'next' of 2, which is not a state",
        "1 sort bitvec 65\\n2 state 1 wide | X:2: unsupported: state of 65 bits (at most 64 are supported)",
        "1 sort bitvec 1\\n2 input 1\\n3 justice 1 2 | X:3: unsupported: liveness properties (justice)",
        "1 sort bitvec 1\\n1 input 1 | X:2: error: id 1 is defined twice",
        "1 sort bitvec 1\\n2 one 1\\n3 bad 2\\n3 constraint 2 | X:4: error: id 3 is defined twice",
        "x sort bitvec 1 | X:1: error: expected a positive node id, found 'x'",
        "1 sort bitvec 1\\n2 zero 1 z extra | X:2: error: unexpected 'extra' after the symbol",
        "1 sort bitvec 1\\n2 not 1 | X:2: error: 'not' expects more arguments",
    })
    void rejectedLines(String text, String message) {
        Btor2Exception e = assertThrows(Btor2Exception.class, () -> Btor2Reader.read(ctx, text.replace("\\n", "\n")));
        assertEquals(message, e.render("X"));
        assertFalse(e.getMessage().isEmpty());
    }
}
