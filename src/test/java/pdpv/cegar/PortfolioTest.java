package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;

/**
 * The portfolio of issue #10: the first definite answer wins, the other engines are cancelled and
 * stop, UNKNOWN only when every engine says so, and a program without
 * loops costs one engine.
 */
class PortfolioTest {
    /** An engine that answers {@code answer} at once, or, when null, runs until it is cancelled. */
    private static class Scripted implements ProgramVerifier {
        private final Verdict answer;
        private final CountDownLatch cancelled = new CountDownLatch(1);
        private volatile boolean ran;

        Scripted(Verdict answer) {
            this.answer = answer;
        }

        @Override
        public Verdict verify(Program program) {
            ran = true;
            if (answer != null) {
                return answer;
            }
            try {
                assertTrue(cancelled.await(60, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Verdict.unknown("cancelled", null);
        }

        @Override
        public void cancel(String reason) {
            cancelled.countDown();
        }
    }

    private static VerifierStatistics.EngineRun run(Verdict v, String name) {
        return v.statistics().engines().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void bmcAnswersAndTheCegarLoopIsCancelled() throws InterruptedException {
        // the CEGAR loop would find the bug too; its own verdict, awaited after the portfolio returns,
        // shows that the cancel reached it (how fast engines stop is measured in benchmarks, not here)
        Verifier cegarLoop = new Verifier(VerifierOptions.defaults());
        CountDownLatch stopped = new CountDownLatch(1);
        Verdict[] own = new Verdict[1];
        ProgramVerifier recorded = new ProgramVerifier() {
            @Override
            public Verdict verify(Program program) {
                try {
                    own[0] = cegarLoop.verify(program);
                    return own[0];
                } finally {
                    stopped.countDown();
                }
            }

            @Override
            public void cancel(String reason) {
                cegarLoop.cancel(reason);
            }
        };
        Portfolio p = new Portfolio(List.of(
                new Portfolio.Engine("cegar", recorded),
                new Portfolio.Engine("bmc", new BoundedModelChecker(BmcOptions.defaults(), VerifierOptions.defaults()))));
        Verdict v = p.verify(CProgram.example("bmc_uchar_count.c"));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertTrue(run(v, "bmc").won() && !run(v, "cegar").won());
        assertTrue(stopped.await(60, TimeUnit.SECONDS), "the CEGAR loop never stopped after its cancel");
        assertEquals(Verdict.Kind.UNKNOWN, own[0].kind(), own[0].reason());
        assertEquals("another engine answered", own[0].reason());
    }

    @Test
    void theFirstDefiniteAnswerWinsOverAnEarlierUnknown() {
        Scripted unknown = new Scripted(Verdict.unknown("gave up", null));
        Scripted safe = new Scripted(Verdict.safe(List.of(), null));
        Verdict v = new Portfolio(List.of(new Portfolio.Engine("a", unknown), new Portfolio.Engine("b", safe)))
                .verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind());
    }

    @Test
    void aReserveEnginesSafeWaitsForTheOthersAnswer() throws InterruptedException {
        // bounded model checking's complete unrolling under --witness: its SAFE has no loop invariants
        Scripted unsafe = new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new Verdict(Verdict.Kind.UNSAFE, "found", List.of(), null, null, List.of(), FIGURES);
            }
        };
        Verdict v = new Portfolio(List.of(new Portfolio.Engine("cegar", unsafe),
                new Portfolio.Engine("bmc", new Scripted(Verdict.safe(List.of(), FIGURES)), true)))
                .verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), "a reserve SAFE must not win over a later definite answer");
        Verdict alone = new Portfolio(List.of(new Portfolio.Engine("cegar", new Scripted(Verdict.unknown("gave up", FIGURES))),
                new Portfolio.Engine("bmc", new Scripted(Verdict.safe(List.of(), FIGURES)), true)))
                .verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, alone.kind(), "with no other answer the reserve SAFE is the answer");
        Verdict cancelled = verifiedAndCancelled(new Portfolio(List.of(new Portfolio.Engine("cegar", new Scripted(null)),
                new Portfolio.Engine("bmc", new Scripted(Verdict.safe(List.of(), FIGURES)), true))));
        assertEquals(Verdict.Kind.SAFE, cancelled.kind(), "a limit that ends the others leaves the reserve SAFE");
    }

    @Test
    void everyEngineUnknownGivesEachReason() {
        Program loop = CProgram.example("counter_loop.c");
        Verdict v = new Portfolio(List.of(new Portfolio.Engine("a", new Scripted(Verdict.unknown("r1", null))),
                new Portfolio.Engine("b", new Scripted(Verdict.unknown("r2", null))))).verify(loop);
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertEquals("a: r1; b: r2", v.reason());
    }

    @Test
    void aCancelStopsEveryEngine() throws Exception {
        Scripted a = new Scripted(null);
        Scripted b = new Scripted(null);
        Verdict v = verifiedAndCancelled(new Portfolio(List.of(new Portfolio.Engine("a", a), new Portfolio.Engine("b", b))));
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertEquals("timeout", v.reason());
    }

    /** {@code p}'s answer on a loop when a timeout cancels it after 200 ms. */
    private static Verdict verifiedAndCancelled(Portfolio p) throws InterruptedException {
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            p.cancel("timeout");
        });
        canceller.start();
        Verdict v = p.verify(CProgram.example("counter_loop.c"));
        canceller.join();
        return v;
    }

    /** Figures for a scripted verdict, so that the portfolio's answer carries the engines' runs. */
    private static final VerifierStatistics FIGURES = new VerifierStatistics(0, 0, 0, 0, 0, 0, 0, 0,
            VerifierStatistics.Simulation.NONE, List.of(), 0);

    /** An engine that ignores its cancel, as one deep in work that does not look at it would, until {@code release}. */
    private static ProgramVerifier deaf(CountDownLatch release) {
        return new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                try {
                    assertTrue(release.await(60, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Verdict.unknown("released", null);
            }
        };
    }

    @Test
    void theWinnerDoesNotWaitForALoserThatIsSlowToStop() {
        CountDownLatch release = new CountDownLatch(1);
        try {
            Verdict v = new Portfolio(List.of(new Portfolio.Engine("a", new Scripted(Verdict.safe(List.of(), FIGURES))),
                    new Portfolio.Engine("b", deaf(release)))).verify(CProgram.example("counter_loop.c"));
            assertEquals(Verdict.Kind.SAFE, v.kind());
            assertTrue(run(v, "a").won());
            assertEquals("another engine answered (still stopping when the portfolio answered)", run(v, "b").reason());
        } finally {
            release.countDown();
        }
    }

    @Test
    void aCancelFromOutsideWaitsForTheFirstEngineOnly() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            Portfolio p = new Portfolio(List.of(new Portfolio.Engine("a", new Scripted(null) {
                @Override
                public Verdict verify(Program program) {
                    return Verdict.unknown(super.verify(program).reason(), FIGURES);
                }
            }), new Portfolio.Engine("b", deaf(release))));
            Verdict v = verifiedAndCancelled(p);
            assertEquals(Verdict.Kind.UNKNOWN, v.kind());
            assertEquals("timeout", v.reason());
            assertEquals("cancelled", run(v, "a").reason());
            assertEquals("timeout (still stopping when the portfolio answered)", run(v, "b").reason());
        } finally {
            release.countDown();
        }
    }

    @Test
    void anEngineFailureIsThrownWhenNoEngineAnswers() {
        ProgramVerifier broken = new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                throw new IllegalStateException("broken engine");
            }
        };
        Portfolio p = new Portfolio(List.of(new Portfolio.Engine("a", new Scripted(Verdict.unknown("r", null))),
                new Portfolio.Engine("b", broken)));
        assertThrows(IllegalStateException.class, () -> p.verify(CProgram.example("counter_loop.c")));
    }

    @Test
    void aCrashNoCancelCausedIsThrownEvenWhenAnotherEngineAnswers() {
        ProgramVerifier crashes = new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                throw new IllegalStateException("broken engine");
            }
        };
        ProgramVerifier slowSafe = new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Verdict.safe(List.of(), null);
            }
        };
        Portfolio p = new Portfolio(List.of(new Portfolio.Engine("a", slowSafe), new Portfolio.Engine("b", crashes)));
        assertThrows(IllegalStateException.class, () -> p.verify(CProgram.example("counter_loop.c")));
    }

    @Test
    void aLosersFailureAfterItsCancelIsNoFault() {
        ProgramVerifier throwsWhenCancelled = new Scripted(null) {
            @Override
            public Verdict verify(Program program) {
                super.verify(program);
                throw new IllegalStateException("stopped mid-way");
            }
        };
        Verdict v = new Portfolio(List.of(new Portfolio.Engine("a", new Scripted(Verdict.safe(List.of(), null))),
                new Portfolio.Engine("b", throwsWhenCancelled))).verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind());
    }

    @Test
    void aLoopFreeProgramRunsTheFirstEngineOnly() {
        Scripted first = new Scripted(Verdict.unknown("r", null));
        Scripted second = new Scripted(Verdict.safe(List.of(), null));
        Verdict v = new Portfolio(List.of(new Portfolio.Engine("a", first), new Portfolio.Engine("b", second)))
                .verify(CProgram.example("abs_int_min.c"));
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertTrue(first.ran);
        assertFalse(second.ran);
    }
}
