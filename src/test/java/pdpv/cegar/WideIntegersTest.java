package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;
import pdpv.testing.Gcc;

/**
 * Loops over {@code long long}, {@code unsigned long long} and LP64 {@code long} are refined at
 * their full 64 bits on {@code verify}'s default path (the engine once stopped at 62 bits), and the
 * verdict is gcc's: a program gcc runs without a failing assertion is safe; an unsafe verdict's
 * inputs, fed to the gcc-compiled program, make its assertion fail.
 */
class WideIntegersTest {
    /** Defines the assertion and the nondet functions for gcc: they return the given inputs in order. */
    private static final String HARNESS = """
            #include <stdio.h>
            #include <stdlib.h>
            static unsigned long long pdpv_inputs[] = {INPUTS};
            static int pdpv_next;
            void __VERIFIER_assert(int c) { if (!c) { puts("assertion fails"); exit(0); } }
            long long __VERIFIER_nondet_longlong(void) { return (long long) pdpv_inputs[pdpv_next++]; }
            unsigned long long __VERIFIER_nondet_ulonglong(void) { return pdpv_inputs[pdpv_next++]; }
            long __VERIFIER_nondet_long(void) { return (long) pdpv_inputs[pdpv_next++]; }
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} is {1}")
    @Timeout(300)
    @CsvSource(delimiter = '#', value = {
        // a signed 64-bit counter across 2^32
        "counter # SAFE # ILP32 # long long x = 4294967000LL; while (x < 4294968000LL) { x = x + 1; } __VERIFIER_assert(x == 4294968000LL);",
        // an unsigned 64-bit counter in steps of two, far above 32 bits
        "even # SAFE # ILP32 # unsigned long long x = 12884901888ULL; while (x < 12884903888ULL) { x = x + 2; } __VERIFIER_assert(x == 12884903888ULL);",
        // a Gauss sum over unsigned long long, offset by 2^40: the sum after ten steps is reached
        "gauss # UNSAFE # ILP32 # unsigned long long i = 0, s = 1ULL << 40; while (i < 10) { i = i + 1; s = s + i; } __VERIFIER_assert(s != (1ULL << 40) + 55);",
        // a 64-bit count-down read from an input
        "countdown # UNSAFE # ILP32 # long long x = 5000000000LL; long long n = __VERIFIER_nondet_longlong(); while (n > 0 && x > 0) { x = x - 1; n = n - 1; } __VERIFIER_assert(x != 4999999997LL);",
        // LP64 long: a loop bound above 2^32
        "lp64 # SAFE # LP64 # long n = __VERIFIER_nondet_long(); long x = 0; if (n < 4294967296L || n > 4294967400L) return 0; while (x < n) { x = x + 1; } __VERIFIER_assert(x <= 4294967400L);",
    })
    void verdictIsGccs(String name, Verdict.Kind expected, DataModel model, String body) throws IOException, InterruptedException {
        String source = """
                extern long long __VERIFIER_nondet_longlong(void);
                extern unsigned long long __VERIFIER_nondet_ulonglong(void);
                extern long __VERIFIER_nondet_long(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    BODY
                    return 0;
                }
                """.replace("BODY", body);
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, source);
        Program program = FrontEnd.parse(file, new FrontEndOptions("main", model, false));
        Verdict v = new Verifier(VerifierOptions.defaults()).verify(program);
        assertEquals(expected, v.kind(), v.reason());

        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: the verdict is not compared with gcc");
        String inputs = v.inputs().stream()
                .map(in -> new BigInteger(in.value()).mod(BigInteger.ONE.shiftLeft(64)) + "ULL")
                .collect(Collectors.joining(", "));
        String harness = HARNESS.replace("INPUTS", inputs.isEmpty() ? "0" : inputs);
        List<String> out = Gcc.compileAndRun(dir, name + "_gcc", harness + source);
        assertEquals(expected == Verdict.Kind.UNSAFE ? List.of("assertion fails") : List.of(), out);
    }
}
