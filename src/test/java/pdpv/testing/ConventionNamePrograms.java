package pdpv.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Issue #18's generator for what Csmith does not write: programs that define functions named as
 * PDPV's conventions name inputs, assumptions and assertions ({@code unknown_3}, {@code nondet_1},
 * {@code __VERIFIER_nondet_int}, {@code assume}, {@code __VERIFIER_assert}, {@code assert}, ...),
 * each with a body that changes the globals, called from {@code main}, in a file that may carry
 * line markers ({@code # 57 "gen.c"}) between its declarations. No inputs: gcc's run gives the
 * final value of every global, which a checker then asserts (see {@link #checker}).
 *
 * <p>Every call is a whole statement, the whole right-hand side of an assignment or the whole
 * operand of a comparison, so that no evaluation order C leaves unspecified matters; no division
 * or shift, so that only signed overflow (read as wrapping, gcc's {@code -fwrapv}) can be undefined.
 */
public final class ConventionNamePrograms {
    private static final String[] INPUT_NAMES = {"unknown_%d", "nondet_%d", "unknown%d", "nondet_int%d"};
    private static final String[] NONDET_FUNCTIONS = {"__VERIFIER_nondet_int", "__VERIFIER_nondet_uint"};
    private static final String[] CHECK_NAMES = {"assume", "__VERIFIER_assume", "assume_abort_if_not", "__VERIFIER_assert", "assert"};
    private static final String[] OPERATORS = {"+", "-", "*", "^", "&", "|", "<", "==", "!="};

    /** A global: its name and whether it is {@code unsigned}. */
    public record Global(String name, boolean unsigned) {
        String constant(long v) {
            if (unsigned) {
                return (v & 0xFFFFFFFFL) + "u";
            }
            int i = (int) v;
            return i == Integer.MIN_VALUE ? "(-2147483647 - 1)" : Integer.toString(i);
        }
    }

    /**
     * A generated program: {@code head} is what precedes the first line that differs between the
     * gcc and the checker versions (that line declares {@code printf} for gcc and {@code reach_error}
     * for PDPV), {@code rest} what follows it up to {@code main}'s last statements.
     */
    public record Program(long seed, boolean markers, String head, String rest, List<Global> globals) {
        /** The file's name: {@code .i} when it has line markers. */
        public String fileName() {
            return "gen" + seed + (markers ? ".i" : ".c");
        }

        /** For gcc: prints every global's final value, one a line. */
        public String printer() {
            StringBuilder sb = new StringBuilder(head).append("int printf(const char *, ...);\n").append(rest);
            for (Global g : globals) {
                sb.append("  printf(\"").append(g.unsigned() ? "%u" : "%d").append("\\n\", ").append(g.name()).append(");\n");
            }
            return sb.append("  return 0;\n}\n").toString();
        }

        /**
         * For PDPV: calls {@code reach_error()} (declared without body, the violation) unless each
         * global has its value in {@code values}, one check a line, global {@code perturb}'s value
         * (-1: none) changed; with the physical line of that check (0 if none).
         */
        public Csmith.Checked checker(List<Long> values, int perturb) {
            StringBuilder sb = new StringBuilder(head).append("void reach_error(void);\n").append(rest);
            int line = (int) sb.chars().filter(c -> c == '\n').count();
            int failing = 0;
            for (int i = 0; i < globals.size(); i++) {
                Global g = globals.get(i);
                long v = i == perturb ? values.get(i) + 1 : values.get(i);
                line++;
                if (i == perturb) {
                    failing = line;
                }
                sb.append("  if (!(").append(g.name()).append(" == ").append(g.constant(v)).append(")) reach_error();\n");
            }
            return new Csmith.Checked(sb.append("  return 0;\n}\n").toString(), failing);
        }
    }

    private final Random random;
    private final List<Global> globals = new ArrayList<>();
    private int nextMarker;

    private ConventionNamePrograms(long seed) {
        this.random = random(seed);
    }

    /** A generator of {@code seed}'s numbers; the seed is mixed first, since {@link Random}'s first numbers of consecutive seeds are alike. */
    public static Random random(long seed) {
        return new Random(seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
    }

    /** The program of {@code seed}: 3 globals, 2-5 functions with convention names, 4-9 statements in main. */
    public static Program generate(long seed) {
        return new ConventionNamePrograms(seed).program(seed);
    }

    private Program program(long seed) {
        boolean markers = random.nextBoolean();
        nextMarker = 1 + random.nextInt(100);
        StringBuilder head = new StringBuilder();
        if (markers) {
            head.append("# 1 \"gen.c\"\n# 1 \"<built-in>\"\n# 1 \"gen.c\"\n");
        }
        StringBuilder rest = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            Global g = new Global("g" + i, random.nextBoolean());
            globals.add(g);
            rest.append(g.unsigned() ? "unsigned " : "int ").append(g.name()).append(" = ").append(g.constant(random.nextInt(21) - 10))
                    .append(";\n");
        }
        List<String> inputs = new ArrayList<>();
        List<String> checks = new ArrayList<>();
        int functions = 2 + random.nextInt(4);
        for (int f = 0; f < functions; f++) {
            marker(markers, rest);
            if (random.nextBoolean()) {
                String name = random.nextInt(4) == 0 ? NONDET_FUNCTIONS[random.nextInt(NONDET_FUNCTIONS.length)]
                        : String.format(INPUT_NAMES[random.nextInt(INPUT_NAMES.length)], f);
                if (inputs.contains(name)) {
                    continue;
                }
                inputs.add(name);
                rest.append(name.endsWith("uint") ? "unsigned " : "int ").append(name).append("(void) { ").append(assignment(null))
                        .append(" return ").append(expression(2, null)).append("; }\n");
            } else {
                String name = CHECK_NAMES[random.nextInt(CHECK_NAMES.length)];
                if (checks.contains(name)) {
                    continue;
                }
                checks.add(name);
                rest.append("void ").append(name).append("(int c) { if (c) { ").append(assignment("c")).append(" } else { ")
                        .append(assignment("c")).append(" } }\n");
            }
        }
        marker(markers, rest);
        rest.append("int main(void) {\n");
        int statements = 4 + random.nextInt(6);
        for (int s = 0; s < statements; s++) {
            rest.append("  ").append(statement(inputs, checks)).append("\n");
        }
        return new Program(seed, markers, head.toString(), rest.toString(), List.copyOf(globals));
    }

    /** A line marker that renumbers what follows, sometimes (always increasing, as cpp writes them). */
    private void marker(boolean markers, StringBuilder out) {
        if (markers && random.nextBoolean()) {
            nextMarker += 1 + random.nextInt(50);
            out.append("# ").append(nextMarker).append(" \"gen.c\"\n");
        }
    }

    private String statement(List<String> inputs, List<String> checks) {
        int kind = random.nextInt(4);
        if (kind == 0 && !inputs.isEmpty()) {
            return global().name() + " = " + pick(inputs) + "();";
        }
        if (kind == 1 && !checks.isEmpty()) {
            return pick(checks) + "(" + expression(2, null) + ");";
        }
        if (kind == 2 && !inputs.isEmpty()) {
            return "if (" + pick(inputs) + "() < " + (random.nextInt(11) - 5) + ") { " + assignment(null) + " } else { " + assignment(null) + " }";
        }
        return assignment(null);
    }

    private String assignment(String parameter) {
        return global().name() + " = " + expression(2, parameter) + ";";
    }

    private String expression(int depth, String parameter) {
        if (depth == 0 || random.nextInt(3) == 0) {
            int leaf = random.nextInt(3);
            if (leaf == 0) {
                return Integer.toString(random.nextInt(100));
            }
            return leaf == 1 && parameter != null ? parameter : global().name();
        }
        return "(" + expression(depth - 1, parameter) + " " + OPERATORS[random.nextInt(OPERATORS.length)] + " "
                + expression(depth - 1, parameter) + ")";
    }

    private Global global() {
        return globals.get(random.nextInt(globals.size()));
    }

    private String pick(List<String> names) {
        return names.get(random.nextInt(names.size()));
    }
}
