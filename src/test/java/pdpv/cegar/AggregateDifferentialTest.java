package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;
import pdpv.testing.Gcc;

/**
 * Randomized differential test of PDPV's arrays, pointers to scalars and structs (issue #20) against gcc: a random function
 * {@code compute(x0, x1)} over arrays ({@link RandomAggregatePrograms}) is compiled by gcc and run
 * for every pair of inputs in {@code 0..5}; then PDPV verifies {@code assert(compute(x0, x1) != K)}
 * over the same inputs, with K one of gcc's results (expected UNSAFE, and the inputs of the answer
 * must be a pair for which gcc computed K) or a value gcc never computed (expected SAFE). Loop-free
 * programs go through the CEGAR loop without tests (so F's encoding of the arrays decides, and the
 * interpreter replays its model), programs with loops through bounded model checking. The host gcc
 * is LP64; PDPV checks every other program under ILP32, where the generated code (no {@code long},
 * no pointer arithmetic beyond the arrays) means the same. The pointers' choices between
 * targets are exercised by the pointers p0, p1 to the scalars v0, v1. Struct and {@code _Bool}
 * members of unions are checked the same way in small programs of their own, and structs with
 * bit-fields ({@link RandomBitFieldPrograms}) under both data models, each against gcc's own.
 */
class AggregateDifferentialTest {
    private static final int PROGRAMS = 40;

    @TempDir
    Path dir;

    @Test
    void verdictsAgreeWithGccOnRandomArrayPrograms() throws Exception {
        boolean gcc = Gcc.available();
        if (!gcc) {
            System.err.println("SKIPPED: AggregateDifferentialTest needs gcc on the PATH; it is absent.");
        }
        Assumptions.assumeTrue(gcc, "gcc is absent: differential test of arrays skipped");
        Random random = new Random(20261125L);
        int unsafe = 0;
        for (int p = 0; p < PROGRAMS; p++) {
            boolean loops = p % 4 == 3;
            // the union forms drawn apart: every other part is the program the seed gave before them
            String program = new RandomAggregatePrograms(random, new Random(20261126L + p), loops).generate();
            unsafe += agrees("program " + p, "agg" + p, program, random, loops, p % 2 == 0 ? DataModel.LP64 : DataModel.ILP32) ? 1 : 0;
        }
        assertTrue(unsafe > PROGRAMS / 4, "enough unsafe programs: " + unsafe);
    }

    /** The number of small programs on struct and _Bool members of unions. */
    private static final int UNION_PROGRAMS = 20;

    /**
     * Struct and {@code _Bool} members of unions (issue #20) against gcc, in small loop-free
     * programs of their own ({@link RandomAggregatePrograms#unionProgram}) drawn from the union
     * choices' stream alone, so that the programs above and their time stay as they were.
     */
    @Test
    void structAndBoolMembersOfUnionsAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of unions skipped");
        Random random = new Random(20261127L);
        int unsafe = 0;
        for (int p = 0; p < UNION_PROGRAMS; p++) {
            String program = new RandomAggregatePrograms(random, new Random(20261200L + p), false).unionProgram();
            unsafe += agrees("union program " + p, "un" + p, program, random, false, p % 2 == 0 ? DataModel.LP64 : DataModel.ILP32) ? 1 : 0;
        }
        assertTrue(unsafe >= UNION_PROGRAMS / 4, "enough unsafe programs: " + unsafe);
    }

    /** The number of pointer walks over an array. */
    private static final int POINTER_WALKS = 24;

    /**
     * Pointers into arrays (issue #20) against gcc: random walks of two pointers over a small array
     * with reads, writes, comparisons and differences ({@link RandomPointerWalks}), every fourth
     * with loops (bounded model checking), the rest loop-free (CEGAR without tests).
     */
    @Test
    void pointerWalksOverArraysAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of pointer walks skipped");
        Random random = new Random(20261128L);
        int unsafe = 0;
        for (int p = 0; p < POINTER_WALKS; p++) {
            boolean loops = p % 4 == 3;
            String program = new RandomPointerWalks(random, loops).generate();
            unsafe += agrees("pointer walk " + p, "walk" + p, program, random, loops, p % 2 == 0 ? DataModel.LP64 : DataModel.ILP32) ? 1 : 0;
        }
        assertTrue(unsafe >= POINTER_WALKS / 4, "enough unsafe programs: " + unsafe);
    }

    /** The number of programs on pointers that may be null, every other one with unguarded dereferences. */
    private static final int NULL_POINTER_PROGRAMS = 24;

    /**
     * Null pointers (issue #20) against gcc: pointers to locals and a global pointer to globals,
     * assigned null under conditions on the inputs, tested and dereferenced ({@link RandomNullPointers}),
     * loop-free. gcc's table says which inputs dereference null: then PDPV must answer UNSAFE (under
     * C's reading, {@code --array-bounds error}), and its inputs must either dereference null under
     * gcc, with the violation named so, or compute K.
     */
    @Test
    void nullPointersAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of null pointers skipped");
        mayDereferenceNull("null", NULL_POINTER_PROGRAMS, new Random(20261129L),
                (random, unguarded) -> new RandomNullPointers(random, unguarded).generate(), RandomNullPointers.GCC_PRELUDE,
                RandomNullPointers.PDPV_PRELUDE);
    }

    /** The number of programs on pointers to pointers, every other one with unguarded dereferences. */
    private static final int POINTER_POINTER_PROGRAMS = 24;

    /**
     * Pointers to pointers (issue #20) against gcc ({@link RandomPointerPointers}): {@code *pp} and
     * {@code **pp} read and written, null tests, out-parameters of type {@code T **} of helpers;
     * checked as {@link #nullPointersAgreeWithGcc} checks pointers to variables.
     */
    @Test
    void pointersToPointersAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of pointers to pointers skipped");
        mayDereferenceNull("ptrptr", POINTER_POINTER_PROGRAMS, new Random(20261131L),
                (random, unguarded) -> new RandomPointerPointers(random, unguarded).generate(), RandomNullPointers.GCC_PRELUDE,
                RandomNullPointers.PDPV_PRELUDE);
    }

    /** The number of programs on pointers into an array that may be null, every other one with unguarded dereferences. */
    private static final int NULL_ARRAY_POINTER_PROGRAMS = 16;

    /**
     * Null pointers into an array and pointers returned by helpers (issue #20) against gcc
     * ({@link RandomNullArrayPointers}): a search that returns the cell holding a key or NULL, an
     * index helper that returns NULL past the end, pointers declared null or without initializer;
     * checked as {@link #nullPointersAgreeWithGcc} checks pointers to variables.
     */
    @Test
    void nullArrayPointersAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of null pointers into arrays skipped");
        mayDereferenceNull("nullarray", NULL_ARRAY_POINTER_PROGRAMS, new Random(20261130L),
                (random, unguarded) -> new RandomNullArrayPointers(random, unguarded).generate(), RandomNullPointers.GCC_PRELUDE,
                RandomNullPointers.PDPV_PRELUDE);
    }

    /**
     * {@code programs} programs of {@code generator} (every other one with unguarded dereferences,
     * loop-free, D(p) dereferencing as {@code gccPrelude} and {@code pdpvPrelude} say) against gcc:
     * where gcc's table says some inputs dereference null, PDPV must answer UNSAFE (under C's reading,
     * {@code --array-bounds error}), with inputs that either dereference null under gcc, the
     * violation named so, or compute K.
     */
    private void mayDereferenceNull(String name, int programs, Random random, java.util.function.BiFunction<Random, Boolean, String> generator,
                                    String gccPrelude, String pdpvPrelude) throws Exception {
        mayFail(name, programs, random, generator, gccPrelude, pdpvPrelude, List.of("no null pointer dereference"));
    }

    /**
     * {@link #mayDereferenceNull}, where gcc's report ({@link RandomNullPointers#NULL_HIT}) stands
     * for the undefined behaviour whose violations PDPV names as one of {@code violations} says.
     */
    private void mayFail(String name, int programs, Random random, java.util.function.BiFunction<Random, Boolean, String> generator,
                         String gccPrelude, String pdpvPrelude, List<String> violations) throws Exception {
        int nullHits = 0;
        int unsafe = 0;
        for (int p = 0; p < programs; p++) {
            String program = generator.apply(random, p % 2 == 1);
            DataModel model = p % 4 < 2 ? DataModel.LP64 : DataModel.ILP32;
            List<Long> table = tabulate(name + p, gccPrelude + program, List.of());
            List<Long> values = table.stream().filter(v -> v != RandomNullPointers.NULL_HIT).toList();
            boolean hitsNull = values.size() < table.size();
            long k = !values.isEmpty() && random.nextBoolean() ? values.get(random.nextInt(values.size())) : absent(table, random);
            boolean expectUnsafe = hitsNull || values.contains(k);
            String checked = verified(pdpvPrelude + program, k);
            Program lowered = FrontEnd.parse(name + p + ".c", checked,
                    new FrontEndOptions("main", model, false, pdpv.semantics.UbReadings.forC(), false));
            Verdict v = new Verifier(VerifierOptions.defaults().withTests(pdpv.daikon.TestOptions.defaults().withTests(0))).verify(lowered);
            String label = name + " program " + p + " (" + model + ")";
            assertEquals(expectUnsafe ? Verdict.Kind.UNSAFE : Verdict.Kind.SAFE, v.kind(), () -> label + ": " + v.reason() + "\n" + checked);
            nullHits += hitsNull ? 1 : 0;
            if (v.kind() != Verdict.Kind.UNSAFE) {
                continue;
            }
            unsafe++;
            long x0 = Long.parseLong(v.inputs().get(0).value());
            long x1 = Long.parseLong(v.inputs().get(1).value());
            long computed = table.get((int) (x0 * RandomAggregatePrograms.INPUT_VALUES + x1));
            boolean nullDereference = violations.stream().anyMatch(v.failedAssertion().text()::startsWith);
            assertEquals(nullDereference ? RandomNullPointers.NULL_HIT : k, computed, () -> label + ": the answer (" + v.failedAssertion().text()
                    + ") with inputs " + x0 + ", " + x1 + " is not what gcc does with them\n" + checked);
        }
        assertTrue(nullHits >= programs / 4, "enough programs that dereference null: " + nullHits);
        assertTrue(unsafe > nullHits, "enough programs whose assertion fails: " + unsafe);
    }

    /** The number of programs on local pointer variables to structs ({@link RandomStructPointers}). */
    private static final int STRUCT_POINTER_PROGRAMS = 24;

    /**
     * Local pointer variables to structs (issue #20) against gcc ({@link RandomStructPointers}):
     * members written and read through a pointer that may point to either of two structs or be
     * null, struct copies through it, comparisons, a helper's parameter; loop-free. As for null
     * pointers ({@link #nullPointersAgreeWithGcc}): where gcc's table says some inputs dereference
     * null, PDPV must answer UNSAFE, with inputs that either dereference null under gcc, the
     * violation named so, or compute K.
     */
    @Test
    void structPointersAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of pointers to structs skipped");
        mayDereferenceNull("structp", STRUCT_POINTER_PROGRAMS, new Random(20261127L),
                (random, unguarded) -> new RandomStructPointers(random, unguarded).generate(), RandomStructPointers.GCC_PRELUDE,
                RandomStructPointers.PDPV_PRELUDE);
    }

    /** The number of programs on pointers into arrays of structs ({@link RandomStructArrayPointers}), every other one with null. */
    private static final int STRUCT_ARRAY_POINTER_PROGRAMS = 24;

    /**
     * Pointers into arrays of structs (issue #20) against gcc ({@link RandomStructArrayPointers}):
     * pointers picked by the inputs, stepped, compared and subtracted, members and whole elements
     * written and read through them, passed to a helper; loop-free. Where gcc's table says some
     * inputs access out of the array (or through null), PDPV must answer UNSAFE, with inputs that
     * either do so under gcc, the violation named so, or compute K.
     */
    @Test
    void structArrayPointersAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of pointers into arrays of structs skipped");
        mayFail("structarr", STRUCT_ARRAY_POINTER_PROGRAMS, new Random(20261201L),
                (random, mayBeNull) -> new RandomStructArrayPointers(random, mayBeNull).generate(), RandomStructArrayPointers.GCC_PRELUDE,
                RandomStructArrayPointers.PDPV_PRELUDE, List.of("no array index out of bounds", "no null pointer dereference"));
    }

    /** The number of programs on structs with bit-fields, each under LP64 and ILP32. */
    private static final int BIT_FIELD_PROGRAMS = 16;

    /**
     * Structs with bit-fields (issue #20) against gcc ({@link RandomBitFieldPrograms}): each program
     * under LP64 against the host's gcc and under ILP32 against {@code gcc -m32} (where it links),
     * since {@code long} fields and gcc's layout ({@code sizeof}) differ between the two.
     */
    @Test
    void bitFieldsAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of bit-fields skipped");
        boolean m32 = Gcc.links32();
        if (!m32) {
            System.err.println("SKIPPED: the ILP32 half of bitFieldsAgreeWithGcc needs gcc -m32 (gcc-multilib); it is absent.");
        }
        Random random = new Random(20261128L);
        int unsafe = 0;
        int checked = 0;
        for (int p = 0; p < BIT_FIELD_PROGRAMS; p++) {
            for (DataModel model : m32 ? List.of(DataModel.LP64, DataModel.ILP32) : List.of(DataModel.LP64)) {
                String program = new RandomBitFieldPrograms(new Random(20261300L + p)).generate(model == DataModel.LP64 ? 64 : 32);
                List<String> flags = model == DataModel.LP64 ? List.of() : List.of("-m32");
                unsafe += agrees("bit-field program " + p, "bf" + p, program, random, false, model, flags) ? 1 : 0;
                checked++;
            }
        }
        assertTrue(unsafe >= checked / 4, "enough unsafe programs: " + unsafe + " of " + checked);
    }

    /** The number of programs on objects of enumerations. */
    private static final int ENUM_PROGRAMS = 12;

    /**
     * Objects of enumerations against gcc ({@link RandomEnumPrograms}): one without negative
     * constants is an {@code unsigned int} there, one with a negative constant an {@code int}, and
     * the constants are {@code int}s (PDPV read every enumeration as {@code int}, so that
     * {@code enum E {A, B} e = -1;} made {@code e > 0} fail).
     */
    @Test
    void enumerationsAgreeWithGcc() throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: differential test of enumerations skipped");
        Random random = new Random(20261129L);
        int unsafe = 0;
        for (int p = 0; p < ENUM_PROGRAMS; p++) {
            String program = new RandomEnumPrograms(new Random(20261400L + p)).generate();
            unsafe += agrees("enumeration program " + p, "en" + p, program, random, false, p % 2 == 0 ? DataModel.LP64 : DataModel.ILP32) ? 1 : 0;
        }
        assertTrue(unsafe >= ENUM_PROGRAMS / 4, "enough unsafe programs: " + unsafe);
    }

    private boolean agrees(String label, String name, String program, Random random, boolean loops, DataModel model) throws Exception {
        return agrees(label, name, program, random, loops, model, List.of());
    }

    /**
     * Tabulates {@code program} under gcc (with {@code flags}), draws K from {@code random} (one of gcc's results or
     * none of them), verifies {@code compute(x0, x1) != K} and checks the verdict and an UNSAFE
     * answer's inputs against the table; returns whether the verdict was UNSAFE.
     */
    private boolean agrees(String label, String name, String program, Random random, boolean loops, DataModel model,
            List<String> flags) throws Exception {
        List<Long> table = tabulate(name, program, flags);
        boolean expectUnsafe = random.nextBoolean();
        long k = expectUnsafe ? table.get(random.nextInt(table.size())) : absent(table, random);
        String checked = verified(program, k);
        Program lowered = FrontEnd.parse(name + ".c", checked, new FrontEndOptions("main", model, false));
        Verdict v = loops
                ? new BoundedModelChecker(BmcOptions.defaults(), VerifierOptions.defaults()).verify(lowered)
                : new Verifier(VerifierOptions.defaults().withTests(pdpv.daikon.TestOptions.defaults().withTests(0))).verify(lowered);
        assertEquals(expectUnsafe ? Verdict.Kind.UNSAFE : Verdict.Kind.SAFE, v.kind(),
                () -> label + " (" + model + "): " + v.reason() + "\n" + checked);
        if (v.kind() != Verdict.Kind.UNSAFE) {
            return false;
        }
        long x0 = Long.parseLong(v.inputs().get(0).value());
        long x1 = Long.parseLong(v.inputs().get(1).value());
        assertEquals(k, table.get((int) (x0 * RandomAggregatePrograms.INPUT_VALUES + x1)),
                () -> label + ": the answer's inputs " + x0 + ", " + x1 + " do not compute " + k + " under gcc\n" + checked);
        return true;
    }

    /** gcc's compute(x0, x1) for every pair of inputs, x0-major; each call in a fresh process, so that globals start afresh. */
    private List<Long> tabulate(String name, String program, List<String> flags) throws Exception {
        int n = RandomAggregatePrograms.INPUT_VALUES;
        String main = "#include <stdio.h>\n#include <unistd.h>\n#include <sys/wait.h>\n" + program
                + "int main(void) {\n  for (int a = 0; a < " + n + "; a++) for (int b = 0; b < " + n + "; b++) {\n"
                + "    fflush(stdout);\n    if (fork() == 0) { printf(\"%lld\\n\", compute(a, b)); return 0; }\n"
                + "    wait(0);\n  }\n  return 0;\n}\n";
        List<Long> values = new ArrayList<>();
        for (String line : Gcc.compileAndRun(dir, name, main, flags)) {
            values.add(Long.parseLong(line.strip()));
        }
        assertEquals(n * n, values.size(), "one value per pair of inputs");
        return values;
    }

    private static long absent(List<Long> table, Random random) {
        long k;
        do {
            k = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(1000) - 500;
        } while (table.contains(k));
        return k;
    }

    private static String verified(String program, long k) {
        String literal = k == Long.MIN_VALUE ? "(-9223372036854775807LL - 1)" : k + "LL";
        int n = RandomAggregatePrograms.INPUT_VALUES;
        return "extern unsigned char __VERIFIER_nondet_uchar(void);\nextern void __VERIFIER_assume(int);\n"
                + "extern void __VERIFIER_assert(int);\n" + program
                + "int main(void) {\n  unsigned char x0 = __VERIFIER_nondet_uchar();\n  unsigned char x1 = __VERIFIER_nondet_uchar();\n"
                + "  __VERIFIER_assume(x0 < " + n + " && x1 < " + n + ");\n"
                + "  __VERIFIER_assert(compute(x0, x1) != " + literal + ");\n  return 0;\n}\n";
    }
}
