package pdpv.daikon;

import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.interp.Execution;

/**
 * What {@code pdpv daikon-trace} writes for real Daikon (thesis §6.3.1): the tests of Algorithm
 * 6.1 are run ({@link TestRuns}), with those directed at the loops they miss
 * ({@link LoopEntryTests}), and every loop-head sample becomes a pair of records at the loop's program points ({@link ProgramPoints}, the dummy function of Fig. 6.2): the declarations
 * ({@link DeclsWriter}) and the data trace ({@link DtraceWriter}).
 *
 * @param decls   the .decls text
 * @param dtrace  the .dtrace text
 * @param loops   the loops, each a pair of program points
 * @param samples the head visits written, each an ENTER and an exit record
 * @param runs    the tests run
 * @param failure the first test that failed an assertion, or null
 */
public record DaikonTraces(String decls, String dtrace, int loops, int samples, int runs, Execution failure) {
    public static DaikonTraces of(Program program, TestOptions options) {
        LoopForest loops = LoopForest.of(program);
        ProgramPoints points = new ProgramPoints(program, loops);
        TestRuns runs = TestRuns.run(program, loops, options);
        LoopEntryTests.run(program, loops, runs, options);
        DtraceWriter dtrace = new DtraceWriter(points);
        int samples = 0;
        for (Loop l : points.loops()) {
            dtrace.add(runs.samples(l));
            samples += runs.samples(l).size();
        }
        return new DaikonTraces(DeclsWriter.decls(points), dtrace.text(), points.loops().size(), samples, runs.runs(),
                runs.failure());
    }
}
