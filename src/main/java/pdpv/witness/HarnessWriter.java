package pdpv.witness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/**
 * Writes a C test harness that replays an UNSAFE answer outside PDPV (in the spirit of SV-COMP's
 * test-harness format): one file that is the program itself, unchanged line for line, with each
 * uninitialized local that the answer reads given the answer's value, followed by definitions of
 * the nondet functions that return the answer's values in reading order and of the assertion
 * functions the program leaves undefined (an uninitialized array, issue #20, gets the cells the
 * answer reads by designated initializers). Built by the command its first lines print
 * ({@link #gccCommand}: the answer's data model, {@code -m32} for ILP32, and gcc's reading of each
 * kind of undefined behaviour as PDPV read it: {@code -fwrapv} for signed overflow that wraps, UBSan
 * for what PDPV reads as an error or as undefined) and run, it prints each value it feeds and ends in
 * {@code abort()} at the failing assertion, saying from which address the failing check was called,
 * or in UBSan's report of the undefined operation PDPV names; a label {@code ERROR} reports itself.
 * Built for another data model it does not compile, built without UBSan where it needs it it does
 * not run.
 */
public final class HarnessWriter {
    private static final Pattern CALL = Pattern.compile("([A-Za-z_]\\w*)\\s*\\(.*\\)");
    private static final Pattern ERROR_LABEL = Pattern.compile("(?<![\\w.])ERROR\\s*:(?!:)");
    private static final List<String> CHECKS = List.of("__VERIFIER_assert", "assert", "reach_error", "__VERIFIER_error",
            "__VERIFIER_assume", "assume_abort_if_not");

    /** A value the answer reads: what produced it (as {@code verify} says), where, and its value. */
    public record Input(String source, SourceLoc loc, String value) {
    }

    private HarnessWriter() {
    }

    /** The column just after the declarator of the array {@code name} at {@code loc}: after its name and extents. */
    private static int afterDeclarator(List<String> lines, SourceLoc loc, String name) {
        String line = lines.get(loc.line() - 1);
        int at = loc.column() - 1 + name.length();
        while (true) {
            int k = at;
            while (k < line.length() && Character.isWhitespace(line.charAt(k))) {
                k++;
            }
            if (k >= line.length() || line.charAt(k) != '[') {
                return at + 1;
            }
            int close = line.indexOf(']', k);
            if (close < 0) {
                throw new IllegalArgumentException("the extents of the array " + name + " at " + loc + " span lines");
            }
            at = close + 1;
        }
    }

    /** The sanitizer checks of each kind of undefined behaviour (gcc 12's names). */
    private static String sanitizer(UndefinedBehaviour kind) {
        return switch (kind) {
            case SIGNED_OVERFLOW -> "signed-integer-overflow,shift-base";
            case DIVISION_BY_ZERO -> "integer-divide-by-zero";
            case SHIFT -> "shift-exponent";
            // bounds sees subscripts of declared arrays; address (AddressSanitizer) a dereference
            // through a pointer into one past its end (issue #20's pointers into arrays)
            case ARRAY_BOUNDS -> "bounds,address";
            // UBSan's null: a load or store through a null pointer (AddressSanitizer would report a SEGV too)
            case NULL_DEREFERENCE -> "null";
            // none sees a read of an indeterminate pointer (MemorySanitizer is clang's): the harness may not fail there
            case UNINITIALIZED_POINTER -> "null";
        };
    }

    /**
     * gcc's options that build a program as {@code semantics} reads it: {@code -m32} for ILP32;
     * {@code -fwrapv} when signed overflow wraps, else UBSan's check of it; UBSan's check of every
     * other kind of undefined behaviour PDPV does not read as SMT-LIB's (as an error, the check is
     * the failure PDPV names; as undefined, it shows that the run stays defined). gcc cannot give a
     * division by zero or an over-wide shift SMT-LIB's meaning: a run PDPV notes doing one may end
     * otherwise under gcc.
     */
    public static List<String> gccOptions(CSemantics semantics) {
        List<String> options = new ArrayList<>();
        if (semantics.model() == DataModel.ILP32) {
            options.add("-m32");
        }
        UbReadings readings = semantics.readings();
        if (readings.of(UndefinedBehaviour.SIGNED_OVERFLOW) == UbReading.DEFINED) {
            options.add("-fwrapv");
        }
        List<String> checks = readings.guarded().stream().map(HarnessWriter::sanitizer).distinct().toList();
        if (!checks.isEmpty()) {
            options.add("-fsanitize=" + String.join(",", checks));
            options.add("-fno-sanitize-recover=all");
        }
        return options;
    }

    /** The shell command that builds the harness {@code file} as {@code semantics} reads the program into {@code exe} and runs it. */
    public static String gccCommand(CSemantics semantics, String file, String exe) {
        return "gcc " + String.join(" ", gccOptions(semantics)) + " -w -o " + exe + " " + file + " && ./" + exe;
    }

    /**
     * The harness for {@code program}, whose text is {@code source} and file {@code file}, fed with
     * {@code inputs}; an input that is neither a call's result nor an uninitialized local (a
     * parameter, a global under {@code --nondet-globals}) cannot be fed and is an error.
     */
    public static String write(String file, String source, Program program, List<Input> inputs) {
        Map<String, CType> functions = new TreeMap<>();
        Map<String, Stmt.Havoc> uninitialized = new LinkedHashMap<>();
        program.blocks().forEach(b -> b.statements().forEach(s -> {
            if (s instanceof Stmt.Havoc h) {
                Matcher m = CALL.matcher(h.description());
                if (h.reason() == Stmt.Havoc.Reason.INPUT && m.matches()) {
                    functions.put(m.group(1), h.target().type());
                } else if (h.reason() == Stmt.Havoc.Reason.UNINITIALIZED && h.description().startsWith("uninitialized ")) {
                    uninitialized.put(h.loc().line() + ":" + h.loc().column(), h);
                }
            }
        }));
        List<String> values = new ArrayList<>();
        Map<Integer, TreeMap<Integer, String>> insertions = new TreeMap<>();
        Map<Stmt.Havoc, String> arrays = new LinkedHashMap<>();
        List<String> lines = source.lines().toList();
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            values.add(in.value().startsWith("-") ? "(unsigned long long)" + in.value() + "LL" : in.value() + "ULL");
            if (CALL.matcher(in.source()).matches()) {
                continue;
            }
            Stmt.Havoc h = uninitialized.get(in.loc().line() + ":" + in.loc().column());
            if (h == null) {
                throw new IllegalArgumentException(in.source() + " at " + in.loc() + " is neither a call nor an uninitialized local");
            }
            Variable v = h.target();
            if (h.description().startsWith(Stmt.Havoc.UNION_BYTES)) {
                throw new IllegalArgumentException("the answer reads the bytes of the union " + h.description().substring(Stmt.Havoc.UNION_BYTES.length())
                        + " uninitialized, which a harness cannot set yet");
            }
            if (v.sourceName().contains(".")) {
                // a member of a flattened struct (issue #20): its declaration declares the struct, not the member
                throw new IllegalArgumentException("the answer reads the struct member " + v.sourceName()
                        + " uninitialized, which a harness cannot set yet");
            }
            if (!v.isArray()) {
                insertions.computeIfAbsent(in.loc().line(), k -> new TreeMap<>()).put(in.loc().column() + v.sourceName().length(),
                        " = (" + v.type() + ")__pdpv_input(\"" + in.source() + "\")");
                continue;
            }
            // the cells of one execution of the declaration come together, in the order of their indices
            List<String> cells = new ArrayList<>();
            int j = i;
            String last = null;
            while (j < inputs.size() && inputs.get(j).loc().equals(in.loc()) && !CALL.matcher(inputs.get(j).source()).matches()) {
                String subscripts = inputs.get(j).source().substring(("uninitialized " + v.sourceName()).length());
                if (subscripts.equals(last) || cells.stream().anyMatch(c -> c.startsWith(subscripts + " ="))) {
                    break;
                }
                cells.add(subscripts + " = (" + v.type() + ")__pdpv_input(\"" + inputs.get(j).source() + "\")");
                last = subscripts;
                if (j > i) {
                    Input cell = inputs.get(j);
                    values.add(cell.value().startsWith("-") ? "(unsigned long long)" + cell.value() + "LL" : cell.value() + "ULL");
                }
                j++;
            }
            String initializer = " = {" + String.join(", ", cells) + "}";
            String earlier = arrays.putIfAbsent(h, initializer);
            if (earlier != null && !earlier.equals(initializer)) {
                throw new IllegalArgumentException("the array " + v.sourceName() + " declared at " + in.loc()
                        + " is read at other cells each time its declaration runs; a harness initializes it the same way every time");
            }
            if (earlier == null) {
                insertions.computeIfAbsent(in.loc().line(), k -> new TreeMap<>())
                        .put(afterDeclarator(lines, in.loc(), v.sourceName()), initializer);
            }
            i = j - 1;
        }
        StringBuilder out = new StringBuilder();
        CSemantics semantics = program.semantics();
        out.append("/* Test harness written by PDPV for ").append(file).append(": the program, with the inputs of the\n")
                .append("   UNSAFE answer fed to it. Build and run: ").append(gccCommand(semantics, "THIS_FILE", "harness"))
                .append(" */\n");
        out.append("static unsigned long long __pdpv_input(const char *what);\n");
        out.append("static void __pdpv_fail(const char *what, void *caller);\n");
        functions.forEach((name, type) -> out.append(type).append(' ').append(name).append("();\n"));
        out.append("#line 1 \"").append(file).append("\"\n");
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            TreeMap<Integer, String> at = insertions.getOrDefault(i + 1, new TreeMap<>());
            StringBuilder l = new StringBuilder(line);
            for (Map.Entry<Integer, String> e : at.descendingMap().entrySet()) {
                l.insert(Math.min(e.getKey() - 1, l.length()), e.getValue());
            }
            out.append(ERROR_LABEL.matcher(l).replaceAll(r -> r.group() + " __pdpv_fail(\"the label ERROR\", 0);")).append('\n');
        }
        out.append("#line 1 \"pdpv-harness\"\n");
        out.append("#include <stdio.h>\n#include <stdlib.h>\n");
        DataModel model = semantics.model();
        out.append("_Static_assert(sizeof(int) * 8 == 32 && sizeof(long) * 8 == ").append(model.longWidth())
                .append(", \"the answer is for ").append(model).append(": build the harness with ")
                .append(model == DataModel.ILP32 ? "gcc -m32" : "gcc for a 64-bit target").append("\");\n");
        if (!semantics.readings().kinds(UbReading.ERROR).isEmpty()) {
            out.append("""
                    extern void __ubsan_handle_shift_out_of_bounds_abort(void *, void *, void *) __attribute__((weak));
                    __attribute__((constructor)) static void __pdpv_check_build(void) {
                        if (!__ubsan_handle_shift_out_of_bounds_abort) {
                            fprintf(stderr, "pdpv-harness: built without UBSan, which reports the undefined behaviour PDPV reads as an error: build it with: %s\\n", "%s");
                            exit(4);
                        }
                    }
                    """.formatted("%s", gccCommand(semantics, "THIS_FILE", "harness")));
        }
        out.append("static const unsigned long long __pdpv_values[] = {").append(String.join(", ", values.isEmpty() ? List.of("0") : values))
                .append("};\n");
        out.append("static const unsigned __pdpv_count = ").append(values.size()).append(";\n");
        out.append("static unsigned __pdpv_next;\n");
        out.append("""
                static unsigned long long __pdpv_input(const char *what) {
                    if (__pdpv_next >= __pdpv_count) {
                        fprintf(stderr, "pdpv-harness: %s read after the %u inputs of the answer\\n", what, __pdpv_count);
                        exit(3);
                    }
                    fprintf(stderr, "pdpv-harness: input %u: %s\\n", __pdpv_next + 1, what);
                    return __pdpv_values[__pdpv_next++];
                }
                static void __pdpv_fail(const char *what, void *caller) {
                    fprintf(stderr, "pdpv-harness: assertion failed: %s called from %p after %u of %u inputs\\n", what, caller, __pdpv_next, __pdpv_count);
                    
                    abort();
                }
                """);
        functions.forEach((name, type) -> out.append(type).append(' ').append(name).append("() { return (").append(type)
                .append(")__pdpv_input(\"").append(name).append("()\"); }\n"));
        for (String check : CHECKS) {
            if (Pattern.compile("\\b" + check + "\\s*\\([^;{}]*\\)\\s*\\{").matcher(source).find()) {
                continue;
            }
            out.append(switch (check) {
                case "__VERIFIER_assert" -> "void __VERIFIER_assert(int c) { if (!c) __pdpv_fail(\"__VERIFIER_assert\", __builtin_return_address(0)); }\n";
                // a program that declares assert itself instead of including <assert.h>, where it is a macro
                case "assert" -> "#ifndef assert\nvoid assert(int c) { if (!c) __pdpv_fail(\"assert\", __builtin_return_address(0)); }\n#endif\n";
                case "__VERIFIER_assume", "assume_abort_if_not" -> "void " + check + "(int c) { if (!c) exit(0); }\n";
                default -> "void " + check + "(void) { __pdpv_fail(\"" + check + "\", __builtin_return_address(0)); }\n";
            });
        }
        return out.toString();
    }
}
