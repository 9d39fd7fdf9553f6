package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.testing.ConventionNamePrograms;
import pdpv.testing.Csmith;
import pdpv.testing.Gcc;

/**
 * Issue #18, the differential test for what Csmith does not write ({@link ConventionNamePrograms}):
 * functions the program defines under the names of PDPV's input, assumption and assertion
 * conventions, and line markers. gcc runs each program and prints its globals' final values;
 * PDPV must prove those values SAFE and find one of them changed UNSAFE at the line of its check
 * (a physical line of the file, markers or not), and {@code check-witness} must confirm the
 * witness of each answer (exit 0). An unknown is counted, not a failure; any other answer is a disagreement.
 *
 * <p>{@code conventions.count} (default 8) programs from {@code conventions.seed} (default 1).
 */
class ConventionNamesDifferentialTest {
    private static final int COUNT = Integer.getInteger("conventions.count", 8);
    private static final long SEED = Long.getLong("conventions.seed", 1);
    private static final String TIMEOUT = System.getProperty("conventions.timeout", "60");

    @TempDir
    Path dir;

    @Test
    void pdpvRunsTheProgramsOwnFunctionsAsGccDoes() throws IOException, InterruptedException {
        if (!Gcc.available()) {
            System.err.println("SKIPPED: ConventionNamesDifferentialTest: gcc is not installed");
        }
        Assumptions.assumeTrue(Gcc.available(), "gcc is not installed");
        List<String> disagreements = new ArrayList<>();
        int decided = 0;
        for (long seed = SEED; seed < SEED + COUNT; seed++) {
            ConventionNamePrograms.Program program = ConventionNamePrograms.generate(seed);
            List<Long> values = gccValues(program);
            int perturb = ConventionNamePrograms.random(seed).nextInt(values.size());
            String safe = check(program, program.checker(values, -1), "safe");
            String unsafe = check(program, program.checker(values, perturb), "unsafe");
            for (String outcome : List.of(safe, unsafe)) {
                if (outcome.startsWith("DISAGREES")) {
                    disagreements.add("seed " + seed + ": " + outcome);
                }
            }
            if (safe.equals("agrees") && unsafe.equals("agrees")) {
                decided++;
            }
        }
        System.err.printf(Locale.ROOT, "ConventionNamesDifferentialTest: %d programs from seed %d: %d decided both ways, "
                + "%d disagreements%n", COUNT, SEED, decided, disagreements.size());
        assertTrue(disagreements.isEmpty(), String.join("\n", disagreements));
        assertTrue(decided >= COUNT / 2, "fewer than half of the programs decided: " + decided + " of " + COUNT);
    }

    private List<Long> gccValues(ConventionNamePrograms.Program program) throws IOException, InterruptedException {
        Path c = Files.writeString(dir.resolve("gcc_" + program.fileName()), program.printer());
        Path exe = dir.resolve("gcc" + program.seed());
        String built = CsmithDifferentialTest.run(List.of("gcc", "-O0", "-fwrapv", "-w", "-o", exe.toString(), c.toString()), 120);
        String output = built == null ? null : CsmithDifferentialTest.run(List.of(exe.toString()), 10);
        if (output == null) {
            throw new IOException("gcc did not build or run " + c);
        }
        return output.lines().map(Long::parseLong).toList();
    }

    /** {@code agrees}, {@code unknown} or {@code DISAGREES: ...} with the program. */
    private String check(ConventionNamePrograms.Program program, Csmith.Checked checked, String kind) throws IOException {
        Path sub = Files.createDirectories(dir.resolve(kind + program.seed()));
        Path file = Files.writeString(sub.resolve(program.fileName()), checked.source());
        Path witness = sub.resolve("witness.yml");
        CliResult r = CliResult.run("verify", "--timeout", TIMEOUT, "--signed-overflow", "wrap", "--witness", witness.toString(),
                file.toString());
        String first = r.out().lines().findFirst().orElse("");
        if (first.equals("verdict: unknown")) {
            return "unknown";
        }
        int expected = checked.failingLine() == 0 ? ExitCodes.SAFE : ExitCodes.UNSAFE;
        boolean atLine = checked.failingLine() == 0 || r.out().contains(file + ":" + checked.failingLine() + ":");
        CliResult confirmed = r.code() == expected ? CliResult.run("check-witness", "--signed-overflow", "wrap", file.toString(),
                witness.toString()) : null;
        if (r.code() == expected && atLine && confirmed.code() == ExitCodes.SAFE) {
            return "agrees";
        }
        String why = r.code() != expected ? "PDPV: " + r.out() + r.err()
                : !atLine ? "not at line " + checked.failingLine() + ": " + r.out()
                : "check-witness: " + confirmed.out() + confirmed.err();
        return "DISAGREES: expected " + kind + ", " + why + "\n" + checked.source();
    }
}
