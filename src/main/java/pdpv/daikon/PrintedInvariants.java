package pdpv.daikon;

import java.util.ArrayList;
import java.util.List;

/**
 * The text that Daikon and its {@code PrintInvariants} write (thesis §6.3): program point blocks,
 * each a separator line of {@code =} characters, the ppt name ({@code F:::ENTER},
 * {@code F:::EXIT}, {@code F:::EXITnn}, {@code C:::CLASS}, possibly with
 * {@code ;condition="..."}), then one invariant per line. Lines before the first separator
 * (Daikon's banner: version, files read) and Daikon's closing {@code Exiting Daikon.} are not
 * part of any block; blank lines are ignored.
 */
record PrintedInvariants(List<Block> blocks) {
    /** One program point block. */
    record Block(String ppt, int line, List<Line> invariants) {
        Block {
            invariants = List.copyOf(invariants);
        }
    }

    /** One invariant line and its 1-based number in the file. */
    record Line(int number, String text) {
    }

    PrintedInvariants {
        blocks = List.copyOf(blocks);
    }

    static PrintedInvariants parse(String text) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        String ppt = null;
        int pptLine = 0;
        List<Line> current = new ArrayList<>();
        boolean expectName = false;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            if (isSeparator(l)) {
                if (ppt != null) {
                    blocks.add(new Block(ppt, pptLine, current));
                }
                ppt = null;
                current = new ArrayList<>();
                expectName = true;
            } else if (l.isEmpty() || (ppt == null && !expectName) || l.equals("Exiting Daikon.")) {
                continue;
            } else if (expectName) {
                ppt = l;
                pptLine = i + 1;
                expectName = false;
            } else {
                current.add(new Line(i + 1, l));
            }
        }
        if (ppt != null) {
            blocks.add(new Block(ppt, pptLine, current));
        }
        return new PrintedInvariants(blocks);
    }

    /** Daikon's separator: a line of at least 20 {@code =} characters (it prints 75). */
    private static boolean isSeparator(String l) {
        return l.length() >= 20 && l.chars().allMatch(c -> c == '=');
    }
}
