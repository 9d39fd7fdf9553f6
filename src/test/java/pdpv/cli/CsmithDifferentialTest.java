package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.testing.Csmith;

/**
 * Issue #18, a differential test against gcc on programs Csmith generates ({@link Csmith}): gcc
 * runs each program and prints the final value of every global; PDPV must prove the program with
 * those values asserted SAFE, and find the program with one of them changed UNSAFE at that
 * assertion. Even seeds are read as ILP32 (PDPV's default) and built with {@code gcc -m32}, odd
 * ones as LP64 ({@code --data-model LP64}, gcc's own); without gcc-multilib every seed is LP64.
 * An unknown (timeout) is counted, not a failure; any other answer is a disagreement, and the
 * program is kept under {@code target/csmith/} for the report.
 *
 * <p>In the suite: {@code csmith.count} (default 6) programs from {@code csmith.seed} (default 1).
 * {@code scripts/csmith-differential COUNT SEED} runs thousands with the same code and writes
 * {@code target/csmith/report.tsv}, one line per program.
 */
class CsmithDifferentialTest {
    private static final int COUNT = Integer.getInteger("csmith.count", 6);
    private static final long SEED = Long.getLong("csmith.seed", 1);
    /** PDPV's time per check; the suite's programs take a few seconds each. */
    private static final String TIMEOUT = System.getProperty("csmith.timeout", "60");
    /** gcc's program must finish within this (Csmith's programs may loop long). */
    private static final int RUN_SECONDS = 10;
    private static final Path KEEP = Path.of("target", "csmith");

    @TempDir
    Path dir;

    @Test
    void pdpvAgreesWithGccOnCsmithsPrograms() throws IOException, InterruptedException {
        String missing = Csmith.missing();
        if (missing != null) {
            System.err.println("SKIPPED: CsmithDifferentialTest: " + missing + " (.ci/run installs csmith, libcsmith-dev, gcc-multilib)");
        }
        Assumptions.assumeTrue(missing == null, missing);
        boolean m32 = Csmith.gcc32(dir);
        if (!m32) {
            System.err.println("NOTE: CsmithDifferentialTest: gcc -m32 does not build here (gcc-multilib); every program is read as LP64");
        }
        Files.createDirectories(KEEP);
        Path report = KEEP.resolve("report.tsv");
        Files.writeString(report, "seed\tdata_model\tglobals\tsafe_check\tunsafe_check\tseconds\n");
        List<String> disagreements = new ArrayList<>();
        int decided = 0;
        int skipped = 0;
        for (long seed = SEED; seed < SEED + COUNT; seed++) {
            Csmith.Program program = Csmith.generate(seed, dir);
            boolean lp64 = !m32 || seed % 2 != 0;
            List<BigInteger> values = gccValues(program, lp64);
            if (values == null || program.globals().isEmpty()) {
                skipped++;
                Files.writeString(report, seed + "\t" + (lp64 ? "LP64" : "ILP32") + "\t" + program.globals().size()
                        + "\tskipped (gcc's run did not finish in " + RUN_SECONDS + " s or no globals)\t\t\n",
                        java.nio.file.StandardOpenOption.APPEND);
                continue;
            }
            long start = System.nanoTime();
            String safe = check(program.checker(values, -1), seed, lp64, "safe");
            int perturb = new Random(seed).nextInt(values.size());
            String unsafe = check(program.checker(values, perturb), seed, lp64, "unsafe");
            double seconds = (System.nanoTime() - start) / 1e9;
            Files.writeString(report, String.format(Locale.ROOT, "%d\t%s\t%d\t%s\t%s\t%.1f%n", seed, lp64 ? "LP64" : "ILP32",
                    values.size(), safe, unsafe, seconds), java.nio.file.StandardOpenOption.APPEND);
            for (String outcome : List.of(safe, unsafe)) {
                if (outcome.startsWith("DISAGREES")) {
                    disagreements.add("seed " + seed + " (" + (lp64 ? "LP64" : "ILP32") + "): " + outcome);
                }
            }
            if (safe.equals("agrees") && unsafe.equals("agrees")) {
                decided++;
            }
        }
        System.err.printf(Locale.ROOT, "CsmithDifferentialTest: %d programs from seed %d: %d decided both ways, %d skipped, "
                + "%d disagreements (report: %s)%n", COUNT, SEED, decided, skipped, disagreements.size(), report);
        assertTrue(disagreements.isEmpty(), String.join("\n", disagreements));
        assertTrue(decided >= (COUNT - skipped) / 2, "fewer than half of the programs decided: " + decided + " of " + (COUNT - skipped));
    }

    /** The final values of the globals as gcc computes them, or null if the program does not finish in time. */
    private List<BigInteger> gccValues(Csmith.Program program, boolean lp64) throws IOException, InterruptedException {
        Path c = Files.writeString(dir.resolve("gcc" + program.seed() + ".c"), program.printer());
        Path exe = dir.resolve("gcc" + program.seed());
        List<String> compile = new ArrayList<>(List.of("gcc", "-O0", "-fwrapv", "-w", "-I", Csmith.RUNTIME.toString(), "-o",
                exe.toString(), c.toString()));
        if (!lp64) {
            compile.add(1, "-m32");
        }
        String built = run(compile, 120);
        if (built == null) {
            throw new IOException("gcc did not compile " + c + ": " + compile);
        }
        String output = run(List.of(exe.toString()), RUN_SECONDS);
        if (output == null) {
            return null;
        }
        List<BigInteger> values = output.lines().map(BigInteger::new).toList();
        if (values.size() != program.globals().size()) {
            throw new IOException("gcc's program printed " + values.size() + " values for " + program.globals().size() + " globals");
        }
        return values;
    }

    /** {@code agrees}, {@code unknown (REASON)} or {@code DISAGREES: ...}; a disagreeing program is kept. */
    private String check(Csmith.Checked checked, long seed, boolean lp64, String kind) throws IOException {
        Path c = Files.writeString(dir.resolve("pdpv" + seed + "_" + kind + ".c"), checked.source());
        CliResult r = CliResult.run("verify", "--timeout", TIMEOUT, "--data-model", lp64 ? "LP64" : "ILP32", "-I",
                Csmith.RUNTIME.toString(), c.toString());
        String expected = checked.failingLine() == 0 ? "verdict: safe" : "verdict: unsafe";
        String first = r.out().lines().findFirst().orElse("");
        if (first.equals("verdict: unknown")) {
            return "unknown (" + r.out().lines().skip(1).findFirst().orElse("").replace("reason: ", "") + ")";
        }
        boolean atLine = checked.failingLine() == 0 || r.out().contains(c + ":" + checked.failingLine() + ":");
        if (first.equals(expected) && atLine) {
            return "agrees";
        }
        Path kept = Files.createDirectories(KEEP.resolve("disagreements")).resolve(c.getFileName());
        Files.copy(c, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String answer = r.code() == ExitCodes.BAD_INPUT || r.code() == ExitCodes.INTERNAL_ERROR ? r.err().lines().findFirst().orElse("")
                : first + (atLine ? "" : " (not at line " + checked.failingLine() + ")");
        return "DISAGREES: expected " + expected.replace("verdict: ", "") + ", PDPV: " + answer + " (" + kept + ")";
    }

    /** Runs {@code command}; its output, or null if it fails or takes longer than {@code seconds}. */
    static String run(List<String> command, int seconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder out = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                out.append(new String(p.getInputStream().readAllBytes()));
            } catch (IOException ignored) {
                // the process was killed
            }
        });
        reader.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            reader.join();
            return null;
        }
        reader.join();
        return p.exitValue() == 0 ? out.toString() : null;
    }
}
