package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/** A linear relation over several variables reads as a person writes it (issue 21), exactly as C evaluates it. */
class PlainInvariantsTest {
    /** {@code invariant} written plainly at the loop of examples/three_counters.c (variables n, a, b, c, i). */
    private static String plain(String invariant) throws Exception {
        Path source = Path.of("examples", "three_counters.c");
        Program program = FrontEnd.parse(source, new FrontEndOptions("main", DataModel.ILP32, false));
        SourceLoc loop = LoopForest.of(program).loops().get(0).head().loopStatement();
        return InvariantSelection.plain(program, loop, invariant);
    }

    @Test
    void aSumOfCountersIsSolvedForTheCountOfRoundsWithoutMinusOneFactors() throws Exception {
        // what PDPV printed for examples/three_counters.c before: the unsigned wrapping sum with factors -1 and 1
        String before = "n <= 1000 && a >= 0 && b >= 0 && c >= 0 && a <= i && n >= i"
                + " && 18446744073709551615u * b + 18446744073709551615u * c + 1 * i == a";
        // b + c can overflow int where the conjuncts before it hold, so the sum is written in long long;
        // a <= i follows from it and the bounds, and goes
        assertEquals("n <= 1000 && a >= 0 && b >= 0 && c >= 0 && n >= i && i == (long long)a + b + c",
                plain(before));
    }

    @Test
    void aDifferenceIsASubtractionAndAnIntSumStaysInt() throws Exception {
        assertEquals("0 <= a && 0 <= b && b <= 10 && a == b - 3",
                plain("0 <= a && a <= 10 && 0 <= b && b <= 10 && -1 * b + 1 * a + 3 == 0"));
    }

    @Test
    void aWrappingEqualityWithoutBoundsIsWrittenInTheUnsignedType() throws Exception {
        assertEquals("i == (unsigned)a + b",
                plain("(unsigned)i == 4294967295u * (unsigned)a + (unsigned)i + 4294967295u * (unsigned)b + (unsigned)i"));
    }
}
