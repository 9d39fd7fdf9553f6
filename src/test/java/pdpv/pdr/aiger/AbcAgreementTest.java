package pdpv.pdr.aiger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pdpv.cli.CliResult;
import pdpv.cli.ExitCodes;

/**
 * The AIGER that {@code pdpv aiger} writes is decided by ABC ({@code berkeley-abc -c "read M.aig; pdr"})
 * the way {@code pdpv mc} decides the BTOR2 model: counters, transfers between registers, inputs,
 * constraints, states without {@code next}, models that hold and that fail (at the same depth).
 * Skipped, with a message, when {@code berkeley-abc} is not on the PATH ({@code .ci/run} installs it).
 */
class AbcAgreementTest {
    private static final String SKIP = "berkeley-abc is not on the PATH: skipping the ABC agreement tests (apt-get install berkeley-abc)";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "counter_holds, safe", "counter_fails, unsafe", "counter64_holds, safe", "counter64_fails, unsafe",
        "transfer_holds, safe", "transfer_fails, unsafe", "transfer_input_holds, safe",
        "input_constraint_holds, safe", "input_constraint_fails, unsafe", "constraint_last_step, safe",
        "havoc_state, unsafe", "two_properties, unsafe"})
    void abcDecidesTheAigerAsMcDecidesTheModel(String name, String verdict) throws Exception {
        Optional<Path> abc = onPath("berkeley-abc");
        if (abc.isEmpty()) {
            System.out.println(SKIP);
        }
        Assumptions.assumeTrue(abc.isPresent(), SKIP);
        Path model = model(name);
        CliResult mc = CliResult.run("mc", "--timeout", "60", model.toString());
        assertEquals(verdict.equals("safe") ? ExitCodes.SAFE : ExitCodes.UNSAFE, mc.code(), mc.out() + mc.err());
        Path aig = dir.resolve(name + ".aig");
        CliResult written = CliResult.run("aiger", model.toString(), "-o", aig.toString());
        assertEquals(0, written.code(), written.err());
        String abcOut = runAbc(abc.get(), aig);
        if (verdict.equals("safe")) {
            assertTrue(abcOut.contains("Property proved"), abcOut);
        } else {
            String depth = mc.out().replaceAll("(?s).*reason: bad state reached in (\\d+) steps?\n.*", "$1");
            assertTrue(abcOut.contains("was asserted in frame " + depth + "."), "mc: " + depth + " steps; ABC:\n" + abcOut);
        }
    }

    private String runAbc(Path abc, Path aig) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(abc.toString(), "-c", "read " + aig.getFileName() + "; pdr")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ABC did not finish in 120 s");
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static Path model(String name) throws URISyntaxException {
        return Path.of(AbcAgreementTest.class.getResource("/btor2/" + name + ".btor2").toURI());
    }

    static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator)).map(d -> Path.of(d, program)).filter(Files::isExecutable).findFirst();
    }
}
