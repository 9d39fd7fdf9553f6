package pdpv.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * gcc as the reference of the differential tests: C compiled with {@code -O0 -fwrapv}, whose
 * signed overflow wraps as PDPV's semantics says (design page).
 */
public final class Gcc {
    private Gcc() {
    }

    /** Whether gcc runs on this machine; the differential tests are skipped, visibly, when not. */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** gcc's major version ({@code gcc -dumpversion}), 0 if it cannot be told. */
    public static int majorVersion() {
        try {
            Process p = new ProcessBuilder("gcc", "-dumpversion").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            p.waitFor(30, TimeUnit.SECONDS);
            return Integer.parseInt(out.split("\\.")[0]);
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return 0;
        }
    }

    /** Whether {@code gcc -m32} links a program here (Debian's gcc-multilib); the ILP32 harness tests are skipped, visibly, when not. */
    public static boolean links32() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("pdpv-m32");
            Path c = dir.resolve("m32.c");
            Files.writeString(c, "int main(void) { return sizeof(long) == 4 ? 0 : 1; }\n");
            Process p = new ProcessBuilder("gcc", "-m32", "-fsanitize=undefined", "-o", dir.resolve("m32").toString(), c.toString())
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            boolean linked = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
            Process run = new ProcessBuilder(dir.resolve("m32").toString()).redirectErrorStream(true).start();
            run.getInputStream().readAllBytes();
            return linked && run.waitFor(60, TimeUnit.SECONDS) && run.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }

    /** Compiles {@code source} as {@code dir/name.c}, runs it and returns its output lines. */
    public static List<String> compileAndRun(Path dir, String name, String source) throws IOException, InterruptedException {
        return compileAndRun(dir, name, source, List.of());
    }

    /** {@link #compileAndRun(Path, String, String)} with gcc's further {@code flags} ({@code -m32}). */
    public static List<String> compileAndRun(Path dir, String name, String source, List<String> flags) throws IOException, InterruptedException {
        Path c = dir.resolve(name + ".c");
        Path exe = dir.resolve(name);
        Files.writeString(c, source);
        List<String> command = new java.util.ArrayList<>(List.of("gcc", "-O0", "-fwrapv", "-w"));
        command.addAll(flags);
        command.addAll(List.of("-o", exe.toString(), c.toString()));
        run(command);
        return run(List.of(exe.toString()));
    }

    /**
     * Compiles {@code source} without {@code -fwrapv} and with UBSan aborting at the first undefined
     * behaviour (a signed overflow, an over-wide shift), runs it and returns its output lines: a
     * program whose C is not defined fails.
     */
    public static List<String> compileAndRunUndefinedChecked(Path dir, String name, String source) throws IOException, InterruptedException {
        Path c = dir.resolve(name + ".c");
        Path exe = dir.resolve(name);
        Files.writeString(c, source);
        run(List.of("gcc", "-O0", "-w", "-fsanitize=undefined", "-fno-sanitize-recover=all", "-o", exe.toString(), c.toString()));
        return run(List.of(exe.toString()));
    }

    private static List<String> run(List<String> command) throws IOException, InterruptedException {
        Process proc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(proc.getInputStream().readAllBytes());
        assertTrue(proc.waitFor(120, TimeUnit.SECONDS), "timeout: " + command);
        assertEquals(0, proc.exitValue(), command + " failed:\n" + output);
        return output.lines().toList();
    }
}
