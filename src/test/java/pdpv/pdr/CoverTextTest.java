package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ARUs of a cover as conditions a person reads, over the state variables' names (issue 21). */
class CoverTextTest {
    @Test
    void rowsKeepPositiveTermsAndTheBoundOnTheSideWhereTheyArePositive() {
        try (Context ctx = new Context()) {
            List<StateVar> vars = List.of(StateVar.of(ctx, "a", 8), StateVar.of(ctx, "b", 8));
            assertEquals("10 <= a", CoverText.row(new Polytope.Row(new long[] {-1, 0}, -10), vars));
            assertEquals("a <= b + 3", CoverText.row(new Polytope.Row(new long[] {1, -1}, 3), vars));
            assertEquals("2 * a + 5 <= b", CoverText.row(new Polytope.Row(new long[] {2, -1}, -5), vars));
            assertEquals("a + b <= -1", CoverText.row(new Polytope.Row(new long[] {1, 1}, -1), vars));
        }
    }

    @Test
    void cubeBitsReadAsValueRangeCongruenceOrMask() {
        try (Context ctx = new Context()) {
            StateVar x = StateVar.of(ctx, "x", 8);
            assertEquals("x == 5", CoverText.bits(x, 0xff, 5));
            assertEquals("x <= 63", CoverText.bits(x, 0xc0, 0));
            assertEquals("64 <= x && x <= 127", CoverText.bits(x, 0xc0, 0x40));
            assertEquals("192 <= x", CoverText.bits(x, 0xc0, 0xc0));
            assertEquals("x % 4 == 1", CoverText.bits(x, 0x3, 1));
            assertEquals("(x & 0x22) == 0x20", CoverText.bits(x, 0x22, 0x20));
        }
    }
}
