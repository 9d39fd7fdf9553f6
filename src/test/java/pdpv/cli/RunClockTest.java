package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --timeout} bounds the whole process when PDPV runs as one (as a user and {@code bench}
 * time it): the time the JVM took before the command began counts, and so does the answer's
 * {@code seconds}. A process that spends its first 3 s before PDPV's main is already past a
 * 2-second limit when the check would start.
 */
class RunClockTest {
    @TempDir
    Path dir;

    /** A process whose JVM is slow to reach PDPV, as one started on a loaded machine. */
    static final class SlowStart {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(3000);
            Main.main(args);
        }
    }

    @Test
    void theTimeoutCountsFromTheStartOfTheProcess() throws IOException, InterruptedException {
        // decided by one SMT check, well within the 2 s when they count from the check's start
        Path program = Files.writeString(dir.resolve("straight.c"), """
                extern void __VERIFIER_assert(int);
                int main() {
                  int x = 3;
                  __VERIFIER_assert(x + 1 == 4);
                  return 0;
                }
                """);
        List<String> command = List.of("java", "-Xss64m", "-cp", System.getProperty("java.class.path"),
                SlowStart.class.getName(), "verify", "--json", "--timeout", "2", program.toString());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the process did not end");
        JsonObject answer = JsonParser.parseString(out).getAsJsonObject();
        assertEquals("unknown", answer.get("verdict").getAsString(), out);
        assertEquals("timeout", answer.get("reason").getAsString(), out);
        assertTrue(answer.get("time_seconds").getAsDouble() >= 3, out);
    }

    @Test
    void insideAnotherJvmTheRunCountsFromItsCall() {
        long before = System.nanoTime();
        assertTrue(RunClock.start() >= before);
    }
}
