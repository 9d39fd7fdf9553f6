package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/benchexec/pdpv.py} driven as BenchExec would drive it: BenchExec is not installable
 * here, so the few names the module imports are stood in for by minimal modules (its result
 * constants and the data-model helper, as BenchExec documents them); the command line the module
 * builds is run through PDPV's own entry point (on this test's class path), and its output goes back to the module's
 * {@code determine_result}.
 */
class BenchExecToolInfoTest {
    @TempDir
    Path dir;

    private static final String RESULT = """
            RESULT_TRUE_PROP = "true"
            RESULT_FALSE_REACH = "false(unreach-call)"
            RESULT_FALSE_OVERFLOW = "false(no-overflow)"
            RESULT_UNKNOWN = "unknown"
            RESULT_ERROR = "ERROR"
            RESULT_TIMEOUT = "TIMEOUT"
            """;
    private static final String TEMPLATE = """
            class BaseTool2:
                def _version_from_tool(self, executable, arg="--version"):
                    import subprocess
                    return subprocess.run([executable, arg], capture_output=True, text=True).stdout
            """;
    private static final String UTIL = """
            ILP32 = "ILP32"
            LP64 = "LP64"
            def get_data_model_from_task(task, param_dict):
                model = (task.options or {}).get("data_model")
                return param_dict.get(model) if model else None
            """;
    private static final String DRIVER = """
            import subprocess, sys, types
            sys.path.insert(0, sys.argv[1])
            import pdpv as info
            tool = info.Tool()
            task = types.SimpleNamespace(property_file=sys.argv[3], options={"data_model": "LP64"},
                                         single_input_file=sys.argv[4])
            cmd = tool.cmdline(sys.argv[2], [], task, None)
            print("cmd:", " ".join(cmd[1:]))
            done = subprocess.run(cmd, capture_output=True, text=True)
            run = types.SimpleNamespace(output=done.stdout.splitlines(), exit_code=types.SimpleNamespace(value=done.returncode),
                                        was_timeout=False)
            print("result:", tool.determine_result(run))
            print("version:", tool.version(sys.argv[2]))
            """;

    @Test
    void theModuleRunsPdpvAndReadsItsAnswer() throws IOException, InterruptedException {
        assumeTrue(run(List.of("python3", "--version")).startsWith("Python 3"), "python3 is not installed");
        Path stubs = dir.resolve("stubs");
        Files.createDirectories(stubs.resolve("benchexec/tools"));
        Files.writeString(stubs.resolve("benchexec/__init__.py"), "");
        Files.writeString(stubs.resolve("benchexec/result.py"), RESULT);
        Files.writeString(stubs.resolve("benchexec/tools/__init__.py"), "");
        Files.writeString(stubs.resolve("benchexec/tools/template.py"), TEMPLATE);
        Files.writeString(stubs.resolve("benchexec/tools/sv_benchmarks_util.py"), UTIL);
        Files.copy(Path.of("scripts/benchexec/pdpv.py"), stubs.resolve("pdpv.py"));
        Path launcher = dir.resolve("pdpv");
        Files.writeString(launcher, "#!/bin/sh\nexec java -Xss64m -cp '" + System.getProperty("java.class.path")
                + "' pdpv.cli.Main \"$@\"\n");
        assertTrue(launcher.toFile().setExecutable(true));
        Path driver = Files.writeString(dir.resolve("driver.py"), DRIVER);
        Path program = Files.writeString(dir.resolve("inc.c"), """
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main() {
                  int x = __VERIFIER_nondet_int();
                  if (x > 0) {
                    int y = x + 1;
                    __VERIFIER_assert(y > 0);
                  }
                  return 0;
                }
                """);
        String reach = run(List.of("python3", driver.toString(), stubs.toString(), launcher.toString(),
                "../properties/unreach-call.prp", program.toString()));
        assertTrue(reach.contains("cmd: verify --format svcomp --property ../properties/unreach-call.prp --64 " + program), reach);
        assertTrue(reach.contains("result: true"), reach);
        assertTrue(reach.matches("(?s).*version: pdpv \\S+ \\(Z3 .*"), reach);
        String overflow = run(List.of("python3", driver.toString(), stubs.toString(), launcher.toString(),
                "no-overflow.prp", program.toString()));
        assertTrue(overflow.contains("result: false(no-overflow)"), overflow);
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return "";
        }
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timeout: " + command);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
