package pdpv.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import pdpv.testing.Gcc;

/**
 * Which C PDPV accepts, against {@code gcc -fsyntax-only} (issue #18): for every program of the
 * committed corpus ({@code src/test/resources/acceptance}: C that gcc rejects, and C it accepts,
 * some of it with warnings) and for programs mutated from the corpus and the examples (a
 * {@code ;} or brace deleted, a declaration doubled, {@code const} added, an argument added or
 * removed, an identifier renamed, {@code #error} inserted, {@code int} turned into {@code void}),
 * PDPV's front end rejects the program (a located error, exit code 30) exactly when gcc does.
 *
 * <p>gcc runs as {@code gcc -std=gnu11 -fsyntax-only}: PDPV's dialect is GNU C11 ({@code
 * __STDC_VERSION__} 201112L, GNU extensions), and gcc's warnings do not count as errors, since PDPV
 * accepts what gcc accepts with warnings (implicit declarations, K&R definitions). gcc 14 and later
 * also get {@code -fpermissive}, which turns back into warnings what gcc 14 made errors (implicit
 * declarations, implicit int), as gcc 12 and 13 have them. A mutant that gcc accepts and PDPV
 * reports as an unsupported construct (or that has no {@code main} left) is outside PDPV's C and
 * counted, not compared. Skipped,
 * visibly, without gcc. {@code -Dpdpv.acceptance.mutants=N} sets how many mutants (default 120,
 * seed {@code -Dpdpv.acceptance.seed}, default 18).
 */
class AcceptanceDifferentialTest {
    private static final Path CORPUS = Path.of("src/test/resources/acceptance");
    private static final int MUTANTS = Integer.getInteger("pdpv.acceptance.mutants", 120);
    private static final long SEED = Long.getLong("pdpv.acceptance.seed", 18);

    @TempDir
    Path dir;

    /** How PDPV's front end takes a program: OUTSIDE is C it does not verify (an unsupported construct, no {@code main}). */
    enum Acceptance { ACCEPTED, REJECTED, OUTSIDE }

    static Stream<Path> corpus() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.filter(f -> f.toString().endsWith(".c")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void theCorpusIsAcceptedExactlyWhenGccAcceptsIt(Path program) throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: acceptance differential test skipped");
        String source = Files.readString(program);
        boolean gcc = gccAccepts(program);
        Acceptance pdpv = pdpv(program.getFileName().toString(), source);
        assertTrue(pdpv != Acceptance.OUTSIDE, program + " is outside the C PDPV reads: keep the corpus inside it");
        assertEquals(gcc, pdpv == Acceptance.ACCEPTED, program + ": gcc " + (gcc ? "accepts" : "rejects") + ", PDPV "
                + describe(program.getFileName().toString(), source));
        if (program.getFileName().toString().startsWith("valid_")) {
            assertTrue(gcc, program + " is named valid_ but gcc rejects it");
        }
    }

    @Test
    void mutantsAreAcceptedExactlyWhenGccAcceptsThem() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: acceptance differential test skipped");
        List<String> sources = new ArrayList<>();
        for (Path p : Stream.concat(corpus().filter(f -> f.getFileName().toString().startsWith("valid_")),
                Files.list(Path.of("examples")).filter(f -> f.toString().endsWith(".c")).sorted()).toList()) {
            sources.add(Files.readString(p));
        }
        Random random = new Random(SEED);
        int rejected = 0;
        int accepted = 0;
        int unsupported = 0;
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < MUTANTS; i++) {
            String original = sources.get(random.nextInt(sources.size()));
            String mutant = original;
            for (int tries = 0; tries < 50 && mutant.equals(original); tries++) {
                mutant = mutate(original, random);
            }
            Path file = Files.writeString(dir.resolve("mutant" + i + ".c"), mutant);
            boolean gcc = gccAccepts(file);
            Acceptance pdpv = pdpv(file.getFileName().toString(), mutant);
            if (pdpv == Acceptance.OUTSIDE && gcc) {
                unsupported++;
            } else if (gcc != (pdpv == Acceptance.ACCEPTED)) {
                disagreements.add("gcc " + (gcc ? "accepts" : "rejects") + ", PDPV " + describe(file.getFileName().toString(), mutant)
                        + ":\n" + mutant);
            } else if (gcc) {
                accepted++;
            } else {
                rejected++;
            }
        }
        System.out.printf("acceptance against gcc: %d mutants (seed %d): %d rejected by both, %d accepted by both,"
                + " %d outside PDPV's C, %d disagreements%n", MUTANTS, SEED, rejected, accepted, unsupported, disagreements.size());
        disagreements.forEach(d -> System.out.println("disagreement: " + d));
        if (!disagreements.isEmpty()) {
            fail(disagreements.size() + " disagreements with gcc, the first:\n" + disagreements.get(0));
        }
        assertTrue(rejected > MUTANTS / 4 && accepted > 0, "the mutants should be rejected and accepted both: " + rejected + "/" + accepted);
    }

    /** One random edit of {@code source} that often makes it invalid C (or leaves it valid: gcc decides). */
    static String mutate(String source, Random random) {
        List<String> lines = new ArrayList<>(source.lines().toList());
        int at = random.nextInt(lines.size());
        String line = lines.get(at);
        switch (random.nextInt(9)) {
            case 0 -> lines.set(at, deleteOne(line, ";", random));
            case 1 -> lines.set(at, deleteOne(line, random.nextBoolean() ? "{" : "}", random));
            case 2 -> {
                Matcher m = Pattern.compile("^\\s+(?:unsigned |signed |const )?(?:int|char|short|long|_Bool|unsigned)\\b.*;\\s*$").matcher(line);
                if (m.find()) {
                    lines.add(at + 1, line);
                }
            }
            case 3 -> lines.set(at, line.replaceFirst("^(\\s+)(int|unsigned|char|short|long) ", "$1const $2 "));
            case 4 -> lines.set(at, line.replaceFirst("(\\w+\\()([^()]*)\\)", "$1$2, 1)").replace("(, 1)", "(1)"));
            case 5 -> lines.set(at, line.replaceFirst("(\\w+\\()((?:[^(),]*,)*)[^(),]*\\)", "$1$2)").replaceFirst(",\\s*\\)", ")"));
            case 6 -> {
                Matcher m = Pattern.compile("\\b[a-z_]\\w*\\b").matcher(line);
                List<int[]> words = new ArrayList<>();
                while (m.find()) {
                    words.add(new int[] {m.start(), m.end()});
                }
                if (!words.isEmpty() && !line.stripLeading().startsWith("//")) {
                    int[] w = words.get(random.nextInt(words.size()));
                    lines.set(at, line.substring(0, w[0]) + "undeclared_name" + line.substring(w[1]));
                }
            }
            case 7 -> lines.add(at, "#error mutant");
            default -> lines.set(at, line.replaceFirst("\\bint\\b", "void"));
        }
        return String.join("\n", lines) + "\n";
    }

    private static String deleteOne(String line, String what, Random random) {
        List<Integer> at = new ArrayList<>();
        for (int i = line.indexOf(what); i >= 0; i = line.indexOf(what, i + 1)) {
            at.add(i);
        }
        if (at.isEmpty()) {
            return line;
        }
        int i = at.get(random.nextInt(at.size()));
        return line.substring(0, i) + line.substring(i + what.length());
    }

    static Acceptance pdpv(String name, String source) {
        try {
            FrontEnd.parse(name, source, FrontEndOptions.defaults());
            return Acceptance.ACCEPTED;
        } catch (UserError e) {
            return e.kind() == UserError.Kind.SYNTAX ? Acceptance.REJECTED : Acceptance.OUTSIDE;
        }
    }

    private static String describe(String name, String source) {
        try {
            FrontEnd.parse(name, source, FrontEndOptions.defaults());
            return "accepts it";
        } catch (UserError e) {
            return "says " + e.render();
        }
    }

    /** Whether {@code gcc -std=gnu11 -fsyntax-only} (with -fpermissive from gcc 14 on) accepts the file. */
    static boolean gccAccepts(Path file) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("gcc", "-std=gnu11", "-fsyntax-only", "-w"));
        if (Gcc.majorVersion() >= 14) {
            command.add("-fpermissive");
        }
        command.add(file.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "gcc timed out on " + file);
        return p.exitValue() == 0;
    }
}
