package pdpv.cli;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The worker a command runs its check on, so that the command thread can enforce --timeout. */
final class Workers {
    /** Deep recursion over large formulas needs a bigger stack than a default thread has. */
    private static final long STACK_BYTES = 1L << 28;

    private Workers() {
    }

    /** One daemon thread named {@code name} with a 256 MiB stack. */
    static ExecutorService single(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, name, STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }
}
