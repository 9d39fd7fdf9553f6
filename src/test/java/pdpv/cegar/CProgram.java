package pdpv.cegar;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/** Lowers a C snippet (function {@code main}, ILP32) to the IR for the tests of this package. */
final class CProgram {
    private CProgram() {
    }

    static Program parse(String source) {
        try {
            Path dir = Files.createTempDirectory("pdpv-cegar");
            Path file = dir.resolve("test.c");
            Files.writeString(file, source);
            return FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
