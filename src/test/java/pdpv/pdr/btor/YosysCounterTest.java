package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.microsoft.z3.Context;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;

/** A small Verilog counter translated by yosys's {@code write_btor}; skipped when yosys is not on the PATH. */
class YosysCounterTest {
    private static final String SKIP = "yosys is not on the PATH: skipping the Verilog counter test";
    private static final String COUNTER = """
            module counter(input clk, output reg [3:0] count);
              initial count = 0;
              always @(posedge clk) count <= (count == 10) ? 4'd0 : count + 4'd1;
              always @* assert(count != 15);
            endmodule
            """;

    @TempDir
    Path dir;

    @Test
    void verilogCounterHolds() throws IOException, InterruptedException, Btor2Exception {
        Optional<Path> yosys = onPath("yosys");
        if (yosys.isEmpty()) {
            System.out.println(SKIP);
        }
        Assumptions.assumeTrue(yosys.isPresent(), SKIP);
        Files.writeString(dir.resolve("counter.v"), COUNTER);
        Process p = new ProcessBuilder(yosys.get().toString(), "-q", "-p",
                "read_verilog -formal counter.v; prep -top counter; flatten; async2sync; dffunmap; write_btor counter.btor2")
                .directory(dir.toFile()).inheritIO().start();
        assertEquals(0, p.waitFor(), "yosys failed");
        try (Context ctx = new Context()) {
            Btor2Model model = Btor2Reader.read(ctx, dir.resolve("counter.btor2"));
            PdrOptions options = PdrOptions.defaults().withTimeout(Duration.ofSeconds(60));
            assertInstanceOf(PdrResult.Holds.class, new PdrEngine(ctx, model.system(), options).check());
        }
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator))
                .map(d -> Path.of(d, program))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
