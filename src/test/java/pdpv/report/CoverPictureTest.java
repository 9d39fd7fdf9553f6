package pdpv.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import pdpv.cegar.Verdict;
import pdpv.pdr.BooleanCube;
import pdpv.pdr.Polytope;

/**
 * The picture of a final frame's cover (thesis Fig. 3.4): over the plane of a loop's two variables,
 * with the values before the loop at their entry constants, the cells the ARUs contain are coloured
 * and the rest white; no picture for a loop over more variables or an entry value not known.
 */
class CoverPictureTest {
    private static final Pattern CELL = Pattern.compile("<rect class=\"aru\" x=\"([0-9.]+)\" y=\"[0-9.]+\" width=\"([0-9.]+)\" "
            + "height=\"[0-9.]+\" fill=\"([^\"]+)\"");

    /** x, y of 8 bits before the loop (both 0 on entry) and at the head; x ≥ 3 is one polytope, y's sign bit set one cube. */
    private static Verdict.FrameCover cover(Long entryY) {
        List<Verdict.CoverVar> vars = List.of(new Verdict.CoverVar("x", false, 8, true, 0L),
                new Verdict.CoverVar("y", false, 8, true, entryY), new Verdict.CoverVar("x", true, 8, true, null),
                new Verdict.CoverVar("y", true, 8, true, null));
        Polytope xAtLeast3 = new Polytope(List.of(new Polytope.Row(new long[] {0, 0, -1, 0}, -3)));
        BooleanCube yNegative = new BooleanCube(List.of(new BooleanCube.Literal(3, 7, true)));
        return new Verdict.FrameCover(vars, 11, List.of(xAtLeast3, yNegative));
    }

    @Test
    void colouresTheCellsEachAruContainsAndLeavesTheRestWhite() {
        String svg = CoverPicture.svg(cover(0L), 9);
        assertTrue(svg.contains("2 ARUs (1 Boolean cubes, 1 polytopes), 2 of them meet the cells drawn"), svg);
        assertTrue(svg.contains("<circle"), "the entry point is marked");
        Matcher m = CELL.matcher(svg);
        double polytopeLeft = Double.MAX_VALUE;
        int runs = 0;
        while (m.find()) {
            runs++;
            if (m.group(3).equals("hsl(0,65%,50%)")) {
                // a run of cells of x >= 3 ends at the right edge of the plot
                polytopeLeft = Math.min(polytopeLeft, Double.parseDouble(m.group(1)));
                assertEquals(90 + 400, Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2)), 0.01);
            }
        }
        assertTrue(runs > 0);
        // the window is x in [-4, 7] (the entry 0 and the bound 3, padded by 4): 12 cells, x = 3 the eighth
        assertTrue(svg.contains(">-4<") && svg.contains(">7<"), svg);
        assertEquals(90 + 7 * 400 / 12.0, polytopeLeft, 0.01);
    }

    @Test
    void aLoopOverOneVariableIsDrawnOverItsValuesBeforeTheLoopAndAtTheHeadAsInFigure47() {
        // x before the loop (not a known constant) and at the head; one polytope: x < \old(x), below the diagonal
        List<Verdict.CoverVar> vars = List.of(new Verdict.CoverVar("x", false, 8, true, null),
                new Verdict.CoverVar("x", true, 8, true, null));
        Polytope decreased = new Polytope(List.of(new Polytope.Row(new long[] {-1, 1}, -1)));
        String svg = CoverPicture.svg(new Verdict.FrameCover(vars, 11, List.of(decreased)), 4);
        assertTrue(svg.contains("1 ARUs (0 Boolean cubes, 1 polytopes), 1 of them meet the cells drawn; the whole state space"), svg);
        assertTrue(svg.contains("<line class=\"initial\""), "the initial states x = \\old(x)");
        assertTrue(svg.contains("x (up) over \\old(x) (right)"), svg);
        // the row of the least x drawn is coloured from the second column on: there x < \old(x) for every \old(x) but the least
        Matcher m = CELL.matcher(svg);
        assertTrue(m.find());
        assertEquals(90 + 400, Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2)), 0.01);
    }

    @Test
    void noPictureWithoutAPlane() {
        assertNull(CoverPicture.svg(cover(null), 9), "the value of y before the loop is not known");
        Verdict.FrameCover three = new Verdict.FrameCover(List.of(new Verdict.CoverVar("x", true, 8, true, null),
                new Verdict.CoverVar("y", true, 8, true, null), new Verdict.CoverVar("z", true, 8, true, null)), 11, List.of());
        assertNull(CoverPicture.svg(three, 9));
    }
}
