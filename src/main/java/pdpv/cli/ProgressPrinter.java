package pdpv.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import pdpv.cegar.Progress;

/**
 * {@code --progress}: each message of a run on standard error, with the time since the run began
 * ({@code [  12.3 s] cegar: refinement 2 of the loop at f.c:9: PDR call 3}), and a line at least
 * every {@link #HEARTBEAT_MILLIS} ms while the run is silent, so that a person watching sees it is
 * alive. Never on standard output, where {@code --json} goes.
 */
final class ProgressPrinter implements Progress, AutoCloseable {
    /** The longest silence: issue 21 asks for a line at least every 5 s. */
    static final long HEARTBEAT_MILLIS = 5_000;
    private final PrintWriter err;
    private final long start;
    private final Thread heartbeat;
    private long last = System.nanoTime();
    private String lastMessage = "starting";
    private boolean closed;

    ProgressPrinter(PrintWriter err) {
        this(err, System.nanoTime());
    }

    /** A printer whose times count from {@code start} (System.nanoTime), the run's ({@link RunClock}). */
    ProgressPrinter(PrintWriter err, long start) {
        this.err = err;
        this.start = start;
        this.heartbeat = new Thread(this::beat, "pdpv-progress");
        heartbeat.setDaemon(true);
        heartbeat.start();
    }

    /** Whether standard error is a terminal (then {@code --progress} is on unless turned off). */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            // no /proc (not Linux): a console means both standard streams are a terminal
            return System.console() != null;
        }
    }

    @Override
    public synchronized void report(String message) {
        if (closed) {
            return;
        }
        lastMessage = message;
        print(message);
    }

    private void print(String message) {
        last = System.nanoTime();
        err.println(String.format(Locale.ROOT, "[%6.1f s] %s", (last - start) / 1e9, message));
        err.flush();
    }

    private void beat() {
        try {
            while (true) {
                Thread.sleep(HEARTBEAT_MILLIS / 10);
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    if (System.nanoTime() - last >= HEARTBEAT_MILLIS * 1_000_000L) {
                        print("still at: " + lastMessage);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        heartbeat.interrupt();
    }
}
