package pdpv.bench;

import java.nio.file.Path;
import java.util.List;
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

    /**
     * The suite of the SV-COMP development set's rows; not "svcomp", which thesis Table 4.1 names
     * its SV-COMP rows (jain, trex, ...) that keep the thesis's reading.
     */
    public static final String SVCOMP = "svcomp-dev";
    /** The suite of rows that name an SV-COMP task definition ({@code .yml}). */
    public static final String SVCOMP_TASK = "svcomp-task";

    /**
     * Options that give the program the reading its expected verdict assumes: for the SV-COMP
     * development set's rows, SV-COMP's (the row's data model, every undefined behaviour undefined); a task
     * definition brings its own reading, the others need none beyond {@link #nondetGlobals()}.
     */
    public List<String> readingArguments() {
        if (suite.equals(SVCOMP)) {
            return List.of("--data-model", thesis("data_model"), "--signed-overflow", "undefined", "--div-by-zero", "undefined",
                    "--undefined-shift", "undefined", "--array-bounds", "undefined");
        }
        return List.of();
    }

    /** The InvGen programs assume nondeterministic globals (design page, --nondet-globals). */
    public boolean nondetGlobals() {
        return suite.equals("invgen");
    }

    public String thesis(String column) {
        return thesis.getOrDefault(column, "");
    }
}
