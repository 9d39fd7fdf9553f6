package pdpv.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs one task in its own JVM with a time limit (the tool's own {@code --timeout}, and a hard
 * kill shortly after it) and, for PDPV's own configurations, a memory limit (its
 * {@code --memory-limit}), and measures its peak resident set size with GNU time when the machine
 * has {@code /usr/bin/time}. A task stopped by the memory limit, or whose JVM died of memory
 * exhaustion, gets the verdict {@code memory}; a program with a construct PDPV does not model (exit
 * code 30 with {@code file:line: unsupported: what}) gets {@code unsupported}, with PDPV's message as
 * the reason; any other rejection (a bad option, a syntax error) is an {@code error}. An external
 * tool's configuration ({@code exec}) runs the same way, under the same time limit and hard kill,
 * timed the same way (the process's wall time), without PDPV's memory limit.
 */
public final class TaskRunner {
    private static final Path GNU_TIME = Path.of("/usr/bin/time");
    private static final long KILL_GRACE_SECONDS = 30;
    /** PDPV's exit code for input it rejects: a construct it does not model, or a syntax error (README, "Exit codes"). */
    private static final int BAD_INPUT = 30;

    private final String classPath;
    private final double timeoutSeconds;
    private final long memoryLimitMb;
    private final Path scratch;

    /**
     * {@code classPath} is PDPV's own class path; {@code memoryLimitMb} is 0 for none;
     * {@code scratch} holds the memory measurements and the tasks' error output.
     */
    public TaskRunner(String classPath, double timeoutSeconds, long memoryLimitMb, Path scratch) {
        this.classPath = classPath;
        this.timeoutSeconds = timeoutSeconds;
        this.memoryLimitMb = memoryLimitMb;
        this.scratch = scratch;
    }

    public TaskResult run(Benchmark b, Configuration c, boolean nondetGlobals) throws IOException, InterruptedException {
        Optional<Path> program = b.program();
        if (program.isEmpty()) {
            return new TaskResult(b, c, nondetGlobals, "n/a", "program not available", -1, -1, -1, -1, -1);
        }
        Path memoryFile = Files.createTempFile(scratch, b.name() + "-" + c.name(), ".rss");
        List<String> command = new ArrayList<>();
        boolean measureMemory = Files.isExecutable(GNU_TIME);
        if (measureMemory) {
            command.addAll(List.of(GNU_TIME.toString(), "-f", "%M", "-o", memoryFile.toString()));
        }
        if (c.isExternal()) {
            command.addAll(external(c, program.get()));
        } else {
            command.addAll(pdpv(b, c, nondetGlobals, program.get()));
        }
        Path stdout = Files.createTempFile(scratch, b.name(), ".out");
        Path stderr = Files.createTempFile(scratch, b.name(), ".err");
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        boolean finished = p.waitFor((long) timeoutSeconds + KILL_GRACE_SECONDS, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!finished) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            Files.deleteIfExists(stderr);
            return new TaskResult(b, c, nondetGlobals, "timeout", "killed after the time limit", seconds, -1, -1, -1, -1);
        }
        double memoryMb = measureMemory ? readKilobytes(memoryFile) / 1024.0 : -1;
        String out = Files.readString(stdout);
        String err = Files.readString(stderr);
        Files.deleteIfExists(stdout);
        Files.deleteIfExists(stderr);
        Files.deleteIfExists(memoryFile);
        return parse(b, c, nondetGlobals, p.exitValue(), out, err, seconds, memoryMb);
    }

    /**
     * The JVM options that load the class-data sharing archive the build writes beside the jar
     * ({@code pdpv.jsa} for {@code pdpv.jar}; see pom.xml), as scripts/pdpv does, so that every run
     * starts as a user's does; none when the class path is not one jar or there is no archive. The
     * JVM's notes about the archive are turned off: one that no longer fits the jar is ignored, and
     * its warning would otherwise go to the output that is parsed.
     */
    static List<String> sharedArchive(String classPath) {
        if (classPath.contains(java.io.File.pathSeparator) || !classPath.endsWith(".jar")) {
            return List.of();
        }
        Path archive = Path.of(classPath.substring(0, classPath.length() - ".jar".length()) + ".jsa");
        return Files.isRegularFile(archive)
                ? List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off")
                : List.of();
    }

    private List<String> pdpv(Benchmark b, Configuration c, boolean nondetGlobals, Path program) {
        List<String> command = new ArrayList<>(List.of("java", "-Xss64m"));
        command.addAll(sharedArchive(classPath));
        command.addAll(List.of("-cp", classPath, "pdpv.cli.Main", c.command()));
        if (c.command().equals("verify")) {
            command.add("--json");
            if (memoryLimitMb > 0) {
                command.addAll(List.of("--memory-limit", Long.toString(memoryLimitMb)));
            }
        }
        command.addAll(List.of("--timeout", Double.toString(timeoutSeconds)));
        if (nondetGlobals) {
            command.add("--nondet-globals");
        }
        command.addAll(b.readingArguments());
        command.addAll(c.arguments());
        command.add(program.toString());
        return command;
    }

    /** An {@code exec} configuration's command line with {@code {file}}, {@code {base}} and {@code {timeout}} filled in. */
    private List<String> external(Configuration c, Path program) {
        String file = program.toString();
        String name = program.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? file.substring(0, file.length() - (name.length() - dot)) : file;
        String timeout = Double.toString(timeoutSeconds);
        return c.arguments().stream()
                .map(a -> a.replace("{file}", file).replace("{base}", base).replace("{timeout}", timeout))
                .toList();
    }

    private static TaskResult parse(Benchmark b, Configuration c, boolean nondetGlobals, int exit, String out, String err,
            double seconds, double memoryMb) {
        if (exit == BAD_INPUT) {
            String first = err.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit code " + exit).strip();
            String verdict = first.contains(": unsupported: ") ? "unsupported" : "error";
            return new TaskResult(b, c, nondetGlobals, verdict, first, seconds, memoryMb, -1, -1, -1);
        }
        if (exit != 0 && exit != 10 && exit != 20) {
            Optional<String> memory = err.lines().filter(TaskRunner::saysOutOfMemory).findFirst();
            return memory.isPresent()
                    ? new TaskResult(b, c, nondetGlobals, "memory", memory.get().strip(), seconds, memoryMb, -1, -1, -1)
                    : new TaskResult(b, c, nondetGlobals, "error", "exit code " + exit + errorLine(err), seconds, memoryMb, -1, -1, -1);
        }
        JsonObject json = asJson(out);
        if (json != null) {
            try {
                return fromJson(b, c, nondetGlobals, json, seconds, memoryMb);
            } catch (RuntimeException e) {
                return new TaskResult(b, c, nondetGlobals, "error", "unreadable output: " + e.getMessage(), seconds, memoryMb, -1, -1, -1);
            }
        }
        String verdict = out.lines().filter(l -> l.startsWith("verdict: ")).findFirst()
                .map(l -> l.substring("verdict: ".length()).strip()).orElse("error");
        String reason = out.lines().filter(l -> l.startsWith("reason: ")).findFirst()
                .map(l -> l.substring("reason: ".length()).strip()).orElse("");
        return new TaskResult(b, c, nondetGlobals, verdictOf(verdict, reason), reason, seconds, memoryMb, -1, -1, -1);
    }

    /** The first line of an abnormal exit's stderr that says what went wrong (an internal error first), after ": ". */
    private static String errorLine(String err) {
        Optional<String> line = err.lines().filter(l -> l.startsWith("internal error")).findFirst()
                .or(() -> err.lines().filter(l -> !l.isBlank()).findFirst());
        return line.map(l -> ": " + (l.length() > 300 ? l.substring(0, 300) + "..." : l).strip()).orElse("");
    }

    /**
     * Reads verify's JSON: verdict, reason, the PDR share of the time, the refinements over all loops,
     * the PDR calls and whether the answer needed acceleration.
     */
    private static TaskResult fromJson(Benchmark b, Configuration c, boolean nondetGlobals, JsonObject json, double seconds,
            double memoryMb) {
        String reason = json.has("reason") ? json.get("reason").getAsString() : "";
        String verdict = verdictOf(json.get("verdict").getAsString(), reason);
        JsonObject stats = json.has("statistics") && json.get("statistics").isJsonObject()
                ? json.getAsJsonObject("statistics") : new JsonObject();
        double pdr = stats.has("pdr_share") ? 100 * stats.get("pdr_share").getAsDouble() : -1;
        long refinements = -1;
        if (stats.has("refinements") && stats.get("refinements").isJsonArray()) {
            refinements = 0;
            for (JsonElement loop : stats.getAsJsonArray("refinements")) {
                refinements += loop.getAsJsonObject().get("refinements").getAsLong();
            }
        }
        long pdrCalls = stats.has("pdr_calls") ? stats.get("pdr_calls").getAsLong() : -1;
        int accelerated = stats.has("acceleration") && stats.get("acceleration").isJsonObject()
                ? (stats.getAsJsonObject("acceleration").get("needed").getAsBoolean() ? 1 : 0) : -1;
        return new TaskResult(b, c, nondetGlobals, verdict, reason, seconds, memoryMb, pdr, refinements, pdrCalls, accelerated);
    }

    /** An unknown verdict whose reason is the time limit counts as a timeout, one for lack of memory as memory. */
    static String verdictOf(String verdict, String reason) {
        if (!verdict.equals("unknown")) {
            return verdict;
        }
        if (reason.equals("timeout")) {
            return "timeout";
        }
        return reason.startsWith("memory limit of ") || reason.startsWith("out of memory") ? "memory" : verdict;
    }

    /** A line of a JVM that died of memory exhaustion: Java's OutOfMemoryError, or Z3's in native code. */
    private static boolean saysOutOfMemory(String line) {
        return line.contains("OutOfMemoryError") || line.contains("std::bad_alloc");
    }

    private static JsonObject asJson(String out) {
        try {
            JsonElement e = JsonParser.parseString(out);
            return e.isJsonObject() && e.getAsJsonObject().has("verdict") ? e.getAsJsonObject() : null;
        } catch (JsonParseException e) {
            return null;
        }
    }

    private static double readKilobytes(Path file) throws IOException {
        for (String line : Files.readAllLines(file)) {
            if (line.strip().matches("\\d+")) {
                return Double.parseDouble(line.strip());
            }
        }
        return -1;
    }
}
