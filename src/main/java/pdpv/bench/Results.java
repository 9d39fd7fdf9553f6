package pdpv.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** All results of a run, looked up by benchmark, configuration and reading of the globals. */
public final class Results {
    private final List<TaskResult> all = new ArrayList<>();

    synchronized void add(TaskResult r) {
        all.add(r);
    }

    public synchronized List<TaskResult> all() {
        return List.copyOf(all);
    }

    /** The result under the benchmark's own reading of the globals (nondet for InvGen rows). */
    Optional<TaskResult> main(Benchmark b, Configuration c) {
        return find(b, c, b.nondetGlobals());
    }

    synchronized Optional<TaskResult> find(Benchmark b, Configuration c, boolean nondetGlobals) {
        return all.stream().filter(r -> r.benchmark().equals(b) && r.configuration().equals(c)
                && r.nondetGlobals() == nondetGlobals).findFirst();
    }

    /** Results under each benchmark's own reading, for one configuration. */
    List<TaskResult> of(Configuration c) {
        return all().stream().filter(r -> r.configuration().equals(c) && r.ownReading()).toList();
    }

    /** Wrong verdicts of PDPV's own configurations; a peer's wrong verdicts are findings, not failures. */
    public long wrongCount() {
        return all().stream().filter(r -> r.wrong() && !r.configuration().isPeer()).count();
    }
}
