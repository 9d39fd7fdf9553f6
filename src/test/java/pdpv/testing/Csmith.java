package pdpv.testing;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Csmith (Yang et al., PLDI 2011; Debian packages {@code csmith} and {@code libcsmith-dev}) as a
 * generator of programs for differential tests: programs in the C that PDPV reads, whose final
 * global values gcc computes. The programs include Csmith's runtime header {@code csmith.h}
 * unchanged, from {@link #RUNTIME} through {@code -I}, for PDPV and for gcc alike: its safe-math
 * wrappers (which keep every operation defined) are what the programs call; its CRC over arrays,
 * {@code printf} and float wrappers are defined but never called with {@code --no-checksum}, and
 * PDPV lowers only what {@code main} calls.
 */
public final class Csmith {
    /** Where {@code libcsmith-dev} installs Csmith's runtime headers. */
    public static final Path RUNTIME = Path.of("/usr/include/csmith");

    /**
     * Csmith's options that keep to the C PDPV reads: integer scalars, functions, loops, the safe-math
     * wrappers; no pointers, arrays, structs, unions, bit-fields, floats, volatiles, goto, builtins,
     * nor argc/argv and the checksum (whose code needs arrays and printf); small programs, so that a
     * run of thousands fits in hours.
     */
    public static final List<String> OPTIONS = List.of("--no-pointers", "--no-arrays", "--no-structs", "--no-unions",
            "--no-bitfields", "--no-packed-struct", "--no-float", "--no-volatiles", "--no-volatile-pointers",
            "--no-const-pointers", "--no-jumps", "--no-builtins", "--no-argc", "--no-checksum", "--concise",
            "--max-funcs", "3", "--max-block-depth", "2", "--max-block-size", "3", "--max-expr-complexity", "4");

    private static final Pattern GLOBAL = Pattern.compile("(?m)^static (?:const )?(u?)int(8|16|32|64)_t (g_\\d+) = ");

    /** A global of a generated program: its name, width and signedness. */
    public record Global(String name, int width, boolean signed) {
        /** A C constant of this global's type that equals {@code value}, usable in {@code g == constant}. */
        public String constant(BigInteger value) {
            if (!signed) {
                return value + "ULL";
            }
            if (value.equals(BigInteger.ONE.shiftLeft(63).negate())) {
                return "(-9223372036854775807LL - 1LL)";
            }
            return "(" + value + "LL)";
        }

        /** Another value of this type: {@code value} with its lowest bit flipped. */
        public BigInteger perturbed(BigInteger value) {
            return value.flipBit(0);
        }
    }

    /** A generated program: its text without Csmith's main, and its globals. */
    public record Program(long seed, String body, List<Global> globals) {
        /** The program with a main that runs {@code func_1} and prints every global, one a line, for gcc. */
        public String printer() {
            StringBuilder sb = new StringBuilder(body).append("int printf(const char *, ...);\nint main(void) {\n    func_1();\n");
            for (Global g : globals) {
                sb.append(g.signed() ? "    printf(\"%lld\\n\", (long long) " : "    printf(\"%llu\\n\", (unsigned long long) ")
                        .append(g.name()).append(");\n");
            }
            return sb.append("    return 0;\n}\n").toString();
        }

        /**
         * The program with a main that runs {@code func_1} and asserts each global's value, one
         * assertion a line, the value of global {@code perturb} (-1: none) changed; and the line of
         * that assertion (0 if none).
         */
        public Checked checker(List<BigInteger> values, int perturb) {
            StringBuilder sb = new StringBuilder(body).append("extern void __VERIFIER_assert(int);\nint main(void) {\n    func_1();\n");
            int line = (int) sb.chars().filter(c -> c == '\n').count();
            int perturbedLine = 0;
            for (int i = 0; i < globals.size(); i++) {
                Global g = globals.get(i);
                BigInteger v = i == perturb ? g.perturbed(values.get(i)) : values.get(i);
                line++;
                if (i == perturb) {
                    perturbedLine = line;
                }
                sb.append("    __VERIFIER_assert(").append(g.name()).append(" == ").append(g.constant(v)).append(");\n");
            }
            return new Checked(sb.append("    return 0;\n}\n").toString(), perturbedLine);
        }
    }

    /** A program whose main asserts the final values; {@code failingLine}: the assertion expected to fail (0: none). */
    public record Checked(String source, int failingLine) {
    }

    private Csmith() {
    }

    /** Null if Csmith, its runtime headers and gcc are here, else what is missing. */
    public static String missing() {
        if (!Files.isRegularFile(RUNTIME.resolve("safe_math.h"))) {
            return "Csmith's runtime headers (" + RUNTIME + "/safe_math.h, Debian package libcsmith-dev) are absent";
        }
        if (!runs(List.of("csmith", "--version"), Path.of(System.getProperty("java.io.tmpdir")))) {
            return "csmith (Debian package csmith) is absent";
        }
        return Gcc.available() ? null : "gcc is absent";
    }

    /** Whether gcc builds 32-bit programs here (gcc-multilib), for PDPV's default data model ILP32. */
    public static boolean gcc32(Path dir) throws IOException {
        Path c = Files.writeString(dir.resolve("m32.c"), "#include <stdint.h>\nint main(void) { return sizeof(long) == 4 ? 0 : 1; }\n");
        Path exe = dir.resolve("m32");
        return runs(List.of("gcc", "-m32", "-o", exe.toString(), c.toString()), dir) && runs(List.of(exe.toString()), dir);
    }

    /** Generates the program of {@code seed}. */
    public static Program generate(long seed, Path dir) throws IOException, InterruptedException {
        Path out = dir.resolve("csmith" + seed + ".c");
        List<String> command = new ArrayList<>(List.of("csmith", "--seed", Long.toString(seed)));
        command.addAll(OPTIONS);
        command.addAll(List.of("-o", out.toString()));
        // csmith writes platform.info into its working directory
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("csmith failed: " + command + "\n" + log);
        }
        String text = Files.readString(out);
        int main = text.indexOf("\nint main (void)");
        if (main < 0) {
            throw new IOException("no main in " + out);
        }
        String body = text.substring(0, main + 1);
        List<Global> globals = new ArrayList<>();
        Matcher m = GLOBAL.matcher(body);
        while (m.find()) {
            globals.add(new Global(m.group(3), Integer.parseInt(m.group(2)), m.group(1).isEmpty()));
        }
        return new Program(seed, body, globals);
    }

    /** Whether {@code command}, run in {@code dir} (csmith writes platform.info there), succeeds within a minute. */
    private static boolean runs(List<String> command, Path dir) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
