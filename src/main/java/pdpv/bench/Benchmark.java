package pdpv.bench;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * One row of the benchmark manifest (thesis Table 4.1): its program, expected verdict, suite, and
 * the thesis's reference figures by column name. {@code program} is empty when the program is
 * not available; {@code reconstruction} marks a program written by us from the thesis's text.
 */
public record Benchmark(
        String name,
        String suite,
        Optional<Path> program,
        boolean reconstruction,
        String expected,
        Map<String, String> thesis) {

    /** The InvGen programs assume nondeterministic globals (design page, --nondet-globals). */
    public boolean nondetGlobals() {
        return suite.equals("invgen");
    }

    public String thesis(String column) {
        return thesis.getOrDefault(column, "");
    }
}
