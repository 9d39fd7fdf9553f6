package pdpv.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark manifest, the reports' flagging of wrong verdicts, and one real task in a child JVM. */
class BenchReportTest {
    @TempDir
    Path dir;

    private static final Configuration DEFAULT = new Configuration("default", "verify", List.of());

    private static Benchmark benchmark(String name, String expected, Path program) {
        return new Benchmark(name, "invgen", Optional.ofNullable(program), false, expected,
                Map.of("thesis_pdpv_s", "1.00", "loc", "10"));
    }

    @Test
    void manifestCoversTheTwentySevenRowsOfTable41() throws IOException {
        List<Benchmark> all = Manifest.benchmarks(Path.of("invgen-bench/manifest.tsv"), Path.of("../shared/bench/thesis"), Path.of("."));
        assertEquals(27, all.size());
        Benchmark disj = all.stream().filter(b -> b.name().equals("disj_simple")).findFirst().orElseThrow();
        assertTrue(disj.reconstruction() && Files.exists(disj.program().orElseThrow()), "disj_simple is our reconstruction");
        Benchmark drevil = all.stream().filter(b -> b.name().equals("drevil_2")).findFirst().orElseThrow();
        assertTrue(drevil.program().isEmpty(), "drevil_2 is not available");
        assertEquals(20, all.stream().filter(Benchmark::nondetGlobals).count(), "the InvGen rows read globals as inputs");
        assertEquals(9, Manifest.configurations(Path.of("invgen-bench/configurations.tsv")).size());
    }

    @Test
    void wrongVerdictIsFlaggedInReportAndCount() throws IOException {
        Benchmark safe = benchmark("a_safe_one", "safe", dir.resolve("a.c"));
        Benchmark unsafe = benchmark("an_unsafe_one", "unsafe", dir.resolve("b.c"));
        Results results = new Results();
        results.add(new TaskResult(safe, DEFAULT, true, "safe", "", 1.5, 60, 20, 3, 4));
        results.add(new TaskResult(unsafe, DEFAULT, true, "safe", "", 0.5, 60, 10, 1, 1));
        assertEquals(1, results.wrongCount());
        BenchRunner.writeReports(dir, List.of(safe, unsafe), List.of(DEFAULT), results, "test machine", 600);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("WRONG VERDICT"), md);
        assertTrue(md.contains("**WRONG: fal. pos.**"), md);
        assertTrue(md.contains("| a_safe_one | invgen | 10 | safe | 1.50 | 60 | 20 | 1.00 |"), md);
        assertTrue(Files.readString(dir.resolve("results.csv")).contains("an_unsafe_one,default,true,unsafe,safe,true"));
        assertTrue(Files.size(dir.resolve("cactus.png")) > 0 && Files.size(dir.resolve("cactus.svg")) > 0);
    }

    @Test
    void expectedVerdictsHoldOnlyUnderTheBenchmarksOwnReadingAndPeersDoNotFailTheRun() throws IOException {
        Benchmark invgen = benchmark("needs_nondet_globals", "unsafe", dir.resolve("n.c"));
        Configuration spacerInt = new Configuration("spacer-int", "chc", List.of("--solve", "--int"));
        Results results = new Results();
        results.add(new TaskResult(invgen, DEFAULT, false, "safe", "", 1.0, 50, 0, 0, 0));
        results.add(new TaskResult(invgen, spacerInt, true, "safe", "", 1.0, 50, -1, -1, -1));
        assertFalse(results.all().get(0).wrong(), "zero globals is not the reading the expected verdict assumes");
        assertTrue(results.all().get(1).wrong(), "the peer's wrong verdict is recorded");
        assertEquals(0, results.wrongCount(), "only PDPV's own wrong verdicts fail a run");
        BenchRunner.writeReports(dir, List.of(invgen), List.of(DEFAULT, spacerInt), results, "test machine", 600);
        Results reread = CsvReport.read(dir.resolve("results.csv"), List.of(invgen), List.of(DEFAULT, spacerInt));
        assertEquals(results.all(), reread.all(), "results.csv reads back to the same results");
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| fal. pos. |"));
    }

    @Test
    void theSummaryCountsTheSolvedProgramsThatNeededNoPdrCall() throws IOException {
        Benchmark mined = benchmark("proved_by_seeds", "safe", dir.resolve("m.c"));
        Benchmark refined = benchmark("needs_pdr", "safe", dir.resolve("r.c"));
        Benchmark tested = benchmark("found_by_tests", "unsafe", dir.resolve("t.c"));
        Benchmark missed = benchmark("wrong_without_pdr", "unsafe", dir.resolve("w.c"));
        Configuration noDynamic = new Configuration("no-dynamic", "verify", List.of("--no-dynamic"));
        Configuration spacer = new Configuration("spacer-bv", "chc", List.of("--solve"));
        Results results = new Results();
        results.add(new TaskResult(mined, DEFAULT, true, "safe", "", 1.0, 50, 0, 0, 0));
        results.add(new TaskResult(refined, DEFAULT, true, "safe", "", 2.0, 50, 60, 2, 3));
        results.add(new TaskResult(tested, DEFAULT, true, "unsafe", "", 0.5, 50, 0, 0, 0));
        results.add(new TaskResult(missed, DEFAULT, true, "safe", "", 0.5, 50, 0, 0, 0));
        results.add(new TaskResult(mined, noDynamic, true, "safe", "", 3.0, 50, 70, 1, 1));
        results.add(new TaskResult(mined, spacer, true, "safe", "", 1.0, 50, -1, -1, -1));
        List<Benchmark> all = List.of(mined, refined, tested, missed);
        BenchRunner.writeReports(dir, all, List.of(DEFAULT, noDynamic, spacer), results, "test machine", 600);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| default | 3 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 4.0 | 2 |"), "a wrong verdict is not counted\n" + md);
        assertTrue(md.contains("| no-dynamic | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 3.0 | 0 |"), md);
        assertTrue(md.contains("| spacer-bv | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1.0 |  |"), "no count for a tool without PDR calls\n" + md);
        Results reread = CsvReport.read(dir.resolve("results.csv"), all, List.of(DEFAULT, noDynamic, spacer));
        assertEquals(results.all(), reread.all(), "results.csv keeps the PDR calls");
    }

    @Test
    void aResultsFileWithoutPdrCallsReadsWithThemUnreported() throws IOException {
        Benchmark b = benchmark("old", "safe", dir.resolve("o.c"));
        Path csv = Files.writeString(dir.resolve("old.csv"),
                "benchmark,configuration,nondet_globals,expected,verdict,wrong,seconds,memory_mb,pdr_percent,refinements,reason\n"
                        + "old,default,false,safe,safe,false,1.000,50.0,20.0,2,\"no assertion can fail\"\n");
        TaskResult r = CsvReport.read(csv, List.of(b), List.of(DEFAULT)).all().get(0);
        assertEquals(-1, r.pdrCalls());
        assertEquals(2, r.refinements());
        assertEquals("no assertion can fail", r.reason());
    }

    @Test
    void eachConfigurationIsComparedWithSpacerOnTheTasksBothSolve() throws IOException {
        Configuration bmc = new Configuration("bmc", "verify", List.of("--engine", "bmc"));
        Configuration spacer = new Configuration("spacer-bv", "chc", List.of("--solve"));
        Benchmark both = benchmark("both", "safe", dir.resolve("a.c"));
        Benchmark oursOnly = benchmark("ours_only", "safe", dir.resolve("b.c"));
        Benchmark peerOnly = benchmark("peer_only", "unsafe", dir.resolve("c.c"));
        Results results = new Results();
        results.add(new TaskResult(both, DEFAULT, true, "safe", "", 6.0, 60, 0, 0, 0));
        results.add(new TaskResult(both, bmc, true, "timeout", "", 60.0, 60, 0, 0, 0));
        results.add(new TaskResult(both, spacer, true, "safe", "", 2.0, 60, -1, -1, -1));
        results.add(new TaskResult(oursOnly, DEFAULT, true, "safe", "", 3.0, 60, 0, 0, 0));
        results.add(new TaskResult(oursOnly, bmc, true, "timeout", "", 60.0, 60, 0, 0, 0));
        results.add(new TaskResult(oursOnly, spacer, true, "timeout", "", 60.0, 60, -1, -1, -1));
        results.add(new TaskResult(peerOnly, DEFAULT, true, "timeout", "", 60.0, 60, 0, 0, 0));
        results.add(new TaskResult(peerOnly, bmc, true, "unsafe", "", 1.0, 60, 0, 0, 0));
        results.add(new TaskResult(peerOnly, spacer, true, "unsafe", "", 0.5, 60, -1, -1, -1));
        BenchRunner.writeReports(dir, List.of(both, oursOnly, peerOnly), List.of(DEFAULT, bmc, spacer), results, "test machine", 60);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| default | spacer-bv | 1 | 6.0 | 2.0 | 3.0 | 0 | 1 | 1 | 1 |"), md);
        assertTrue(md.contains("| bmc | spacer-bv | 1 | 1.0 | 0.5 | 2.0 | 0 | 1 | 0 | 1 |"), md);
    }

    /** A task without a known verdict: a definite answer solves it, none is wrong, and two opposite answers are listed. */
    @Test
    void tasksWithoutAKnownVerdictAreSolvedByAnyAnswerAndDisagreementsAreListed() throws IOException {
        Configuration abc = new Configuration("abc", "exec", List.of("abc"));
        Benchmark agreed = benchmark("agreed", "unknown", dir.resolve("a.btor2"));
        Benchmark split = benchmark("split", "unknown", dir.resolve("b.btor2"));
        Results results = new Results();
        results.add(new TaskResult(agreed, DEFAULT, true, "safe", "", 1.0, 60, 0, 0, 0));
        results.add(new TaskResult(agreed, abc, true, "safe", "", 2.0, 60, -1, -1, -1));
        results.add(new TaskResult(split, DEFAULT, true, "safe", "", 1.0, 60, 0, 0, 0));
        results.add(new TaskResult(split, abc, true, "unsafe", "", 2.0, 60, -1, -1, -1));
        assertTrue(results.all().stream().allMatch(r -> r.solved() && !r.wrong()));
        BenchRunner.writeReports(dir, List.of(agreed, split), List.of(DEFAULT, abc), results, "test machine", 60);
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| split | default: safe, abc: unsafe |"), md);
        assertFalse(md.contains("| agreed | default"), md);
    }

    /**
     * An external tool ({@code exec}) runs under the same time limit and timing, with {@code {file}},
     * {@code {base}} and {@code {timeout}} filled in; its verdict and reason come from its output as
     * for PDPV, its exit code 30 is an unsupported or rejected input, and it counts as a peer.
     */
    @Test
    void anExternalToolRunsAsAPeerUnderTheSameLimit() throws Exception {
        Path tool = dir.resolve("tool.sh");
        Files.writeString(tool, """
                #!/usr/bin/env bash
                echo "$1 $2 $3" > "$2.args"
                case "$(cat "$2")" in
                  safe) printf 'verdict: safe\nreason: proved\n'; exit 0 ;;
                  slow) sleep 5; printf 'verdict: unknown\nreason: timeout\n'; exit 20 ;;
                  *) echo "$2: error: cannot read it" >&2; exit 30 ;;
                esac
                """);
        assertTrue(tool.toFile().setExecutable(true));
        Path configs = Files.writeString(dir.resolve("configs.tsv"), "name\tcommand\targuments\nx\texec\t./tool.sh {timeout} {file} {base}.aig\n");
        Configuration x = Manifest.configurations(configs).get(0);
        assertTrue(x.isExternal() && x.isPeer());
        assertEquals(tool.toString(), x.arguments().get(0));
        TaskRunner runner = new TaskRunner(System.getProperty("java.class.path"), 3, 0, dir);
        Path safe = Files.writeString(dir.resolve("m.btor2"), "safe");
        TaskResult r = runner.run(benchmark("m", "safe", safe), x, false);
        assertEquals("safe", r.verdict());
        assertEquals("proved", r.reason());
        assertEquals("3.0 " + safe + " " + dir.resolve("m") + ".aig\n", Files.readString(dir.resolve("m.btor2.args")));
        Path slow = Files.writeString(dir.resolve("s.btor2"), "slow");
        assertEquals("timeout", runner.run(benchmark("s", "safe", slow), x, false).verdict());
        Path other = Files.writeString(dir.resolve("o.btor2"), "other");
        assertEquals("error", runner.run(benchmark("o", "safe", other), x, false).verdict());
    }

    @Test
    void aTaskRunsInItsOwnJvmAndReportsItsVerdict() throws Exception {
        Benchmark b = benchmark("overflow", "unsafe", Path.of("examples/overflow_signed_increment.c"));
        TaskRunner runner = new TaskRunner(System.getProperty("java.class.path"), 120, 0, dir);
        TaskResult r = runner.run(b, DEFAULT, b.nondetGlobals());
        assertEquals("unsafe", r.verdict(), r.reason());
        assertTrue(r.solved() && !r.wrong());
        assertTrue(r.seconds() > 0);
        assertFalse(r.reason().isEmpty());
    }

    @Test
    void aTaskStoppedByTheMemoryLimitIsReportedAsMemory() throws Exception {
        Benchmark b = benchmark("counter", "safe", Path.of("examples/counter_loop.c"));
        TaskRunner runner = new TaskRunner(System.getProperty("java.class.path"), 120, 1, dir);
        TaskResult r = runner.run(b, DEFAULT, b.nondetGlobals());
        assertEquals("memory", r.verdict(), r.reason());
        assertEquals("memory limit of 1 MB reached", r.reason());
        assertFalse(r.solved() || r.wrong());
        Results results = new Results();
        results.add(r);
        BenchRunner.writeReports(dir, List.of(b), List.of(DEFAULT), results, "test machine", 120);
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| default | 0 | 0 | 0 | 0 | 1 | 0 | 0 |"));
    }

    @Test
    void unknownVerdictsForLackOfTimeOrMemoryAreCountedApart() {
        assertEquals("timeout", TaskRunner.verdictOf("unknown", "timeout"));
        assertEquals("memory", TaskRunner.verdictOf("unknown", "memory limit of 512 MB reached"));
        assertEquals("memory", TaskRunner.verdictOf("unknown", "out of memory"));
        assertEquals("unknown", TaskRunner.verdictOf("unknown", "PDR on loop at f.c:3: solver: canceled"));
        assertEquals("safe", TaskRunner.verdictOf("safe", "no assertion can fail"));
    }
}
