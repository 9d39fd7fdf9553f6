package pdpv.bench;

import java.util.Locale;

/** How one result reads in a table: its time when solved, otherwise the thesis's words. */
final class Cell {
    private Cell() {
    }

    /**
     * Time when the verdict is right; "fal. pos."/"fal. neg." (Figure 5.6) when wrong, in bold
     * capitals for PDPV itself; else the verdict.
     */
    static String of(TaskResult r) {
        if (r.wrong()) {
            String what = r.verdict().equals("safe") ? "fal. pos." : "fal. neg.";
            return r.configuration().isPeer() ? what : "**WRONG: " + what + "**";
        }
        if (r.solved()) {
            return seconds(r.seconds());
        }
        return r.verdict();
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, s < 10 ? "%.2f" : "%.1f", s);
    }

    static String number(double value) {
        return value < 0 ? "" : String.format(Locale.ROOT, "%.0f", value);
    }
}
