package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.BinaryOp;

/**
 * {@link InvariantParser} reads what a user writes of structs and pointers (issue #20): a struct
 * member {@code w.pos.y} as the flattened member of the loop's own function (not the inlined
 * callee's parameter of the same name), {@code q == &y} as the pointer variable compared with y's
 * id, {@code *q} as the choice between q's targets.
 */
class InvariantParserTest {
    private static Program program(String example) throws IOException {
        return FrontEnd.parse(Path.of("examples", example), FrontEndOptions.defaults());
    }

    private static Set<Block> onlyLoop(Program p) {
        LoopHeads loops = new LoopHeads(p);
        assertEquals(1, loops.heads().size());
        return loops.body(loops.heads().iterator().next());
    }

    private static Set<String> reads(Expr e) {
        return VariableUses.reads(e).stream().map(Variable::name).collect(Collectors.toSet());
    }

    @Test
    void aStructMemberNamesTheMemberOfTheLoopsOwnFunction() throws IOException {
        Program p = program("struct_step_by_value.c");
        InvariantParser parser = new InvariantParser(p, p.semantics().model());
        // the loop also uses step's copy of its parameter w (step::w.pos.y): C's scope at the loop is main's
        assertEquals(Set.of("w.pos.y", "i"), reads(parser.parse("w.pos.y == 2 * i", onlyLoop(p))));
        assertThrows(WitnessError.class, () -> parser.parse("w.pos.z == 0", onlyLoop(p)));
    }

    @Test
    void anAddressIsThePointedToVariablesIdAndADereferenceChoosesBetweenTheTargets() throws IOException {
        Program p = program("pointer_alias_argument.c");
        InvariantParser parser = new InvariantParser(p, p.semantics().model());
        Variable y = p.variables().stream().filter(v -> v.name().equals("y")).findFirst().orElseThrow();
        Variable z = p.variables().stream().filter(v -> v.name().equals("z")).findFirst().orElseThrow();
        Variable q = p.addresses().pointers().keySet().stream().filter(v -> p.addresses().pointers().get(v).name().equals("q"))
                .findFirst().orElseThrow();
        for (Variable target : new Variable[] {y, z}) {
            Expr e = parser.parse("q == &" + target.sourceName(), onlyLoop(p));
            Expr.Binary b = (Expr.Binary) e;
            assertEquals(BinaryOp.EQ, b.op());
            assertEquals(new Expr.VarRef(q), b.left());
            assertEquals((long) p.addresses().ids().get(target), ((Expr.Const) b.right()).bits());
        }
        assertEquals(Set.of(q.name(), "y", "z"), reads(parser.parse("*q == 7", onlyLoop(p))));
    }
    @Test
    void theFrontEndReadsEachUnitOnceAndEachLoopRenamesItOntoItsOwnVariables() {
        // two loops in two functions, each over its own i of the same type: one translation unit serves both
        Program p = FrontEnd.parse("two_loops", """
                void f(void) { unsigned char i = 0; while (i < 3) { i++; } }
                int main(void) { unsigned char i = 5; while (i < 9) { i++; } f(); return 0; }
                """, new FrontEndOptions("main", pdpv.semantics.DataModel.ILP32, false));
        LoopHeads loops = new LoopHeads(p);
        assertEquals(2, loops.heads().size());
        InvariantParser parser = new InvariantParser(p, p.semantics().model());
        java.util.List<Set<Variable>> read = new java.util.ArrayList<>();
        for (Block h : loops.heads()) {
            Expr e = parser.parse("i <= 9", loops.body(h));
            assertEquals(e, parser.parse("i <= 9", loops.body(h)));
            assertEquals(e, new InvariantParser(p, p.semantics().model()).parse("i <= 9", loops.body(h)));
            read.add(VariableUses.reads(e));
        }
        assertEquals(1, read.get(0).size());
        assertEquals(1, read.get(1).size());
        assertNotEquals(read.get(0), read.get(1));
        assertEquals(1, parser.frontEndReadings());
        // an unreadable text is an error each time it is asked, read once
        Block h = loops.heads().iterator().next();
        assertThrows(WitnessError.class, () -> parser.parse("j == 0", loops.body(h)));
        assertThrows(WitnessError.class, () -> parser.parse("j == 0", loops.body(h)));
        assertEquals(2, parser.frontEndReadings());
    }
}
