package pdpv.cegar;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.SourceLoc;
import pdpv.pdr.PdrResult;
import pdpv.pdr.TransitionSystem;
import pdpv.pdr.btor.Btor2Writer;

/**
 * Writes the model checking instance (I, T, B) of each PDR call of Algorithm 4.4 as a BTOR2 file
 * (§4.3.3; the instances chapter 3's experiments run on): {@code NAME.L<line>.<k>.btor2} for the
 * k-th call on the loop at that line of program file NAME, with the verdict the call reached as a
 * comment {@code ; expect: safe|unsafe|unknown} in the words of {@code pdpv mc}. An instance the
 * writer cannot express is reported on standard error and skipped; the verdict of {@code verify}
 * never depends on the dump.
 */
final class InstanceDump {
    private final Path dir;
    private final Map<Loop, Integer> calls = new HashMap<>();

    InstanceDump(Path dir) {
        this.dir = dir;
    }

    void write(Loop loop, TransitionSystem system, PdrResult result) {
        SourceLoc at = Evidence.headLocation(loop.head());
        int k = calls.merge(loop, 1, Integer::sum);
        String base = Path.of(at.file()).getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path file = dir.resolve(base + ".L" + at.line() + "." + k + ".btor2");
        String expect = result instanceof PdrResult.Holds ? "safe" : result instanceof PdrResult.Fails ? "unsafe"
                : "unknown (" + ((PdrResult.Unknown) result).reason() + ")";
        String text;
        try {
            text = Btor2Writer.write(system, List.of(
                    "refinement instance of the loop at " + at.file() + ":" + at.line() + ", PDR call " + k
                            + " (pdpv verify --dump-instances)",
                    "expect: " + expect));
        } catch (IllegalArgumentException e) {
            System.err.println("warning: instance " + file + " not written: " + e.getMessage());
            return;
        }
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
