package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.daikon.TestOptions;
import pdpv.encode.accel.AccelerationOptions;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.btor.Btor2Check;
import pdpv.pdr.btor.Btor2Outcome;
import pdpv.pdr.btor.Btor2Reader;

/**
 * {@code verify --dump-instances}: every refinement instance written as BTOR2 reads back into a
 * system on which the engine reaches the verdict the refinement's PDR call reached. The examples
 * are ones whose instances the engine decides in seconds without the external invariant of
 * template candidates, which the file leaves out (the inner loop of fig4_3_nested may take minutes
 * without it).
 */
class InstanceDumpTest {
    @TempDir
    Path dir;

    @Test
    void dumpedInstancesReadBackToTheSameVerdict() throws Exception {
        for (String example : List.of("counter_loop.c", "fig4_8a_uninit_in_loop.c")) {
            // without chapter 6's tests and mined invariants and without acceleration, so that PDR runs on these loops
            CegarOptions d = CegarOptions.defaults();
            new Verifier(VerifierOptions.defaults().withDumpInstances(dir).withTests(TestOptions.defaults().withTests(0))
                    .withCegar(new CegarOptions(d.generalization(), d.memoization(), false, d.pdr()))
                    .withAcceleration(AccelerationOptions.defaults().withEnabled(false), true))
                    .verify(CProgram.example(example));
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        Set<Btor2Outcome.Kind> seen = new HashSet<>();
        for (Path file : files) {
            String expect = Files.readAllLines(file).stream().filter(l -> l.startsWith("; expect: ")).findFirst()
                    .orElseThrow().substring("; expect: ".length());
            Btor2Outcome.Kind kind = switch (expect) {
                case "safe" -> Btor2Outcome.Kind.SAFE;
                case "unsafe" -> Btor2Outcome.Kind.UNSAFE;
                default -> null;
            };
            if (kind == null) {
                continue;
            }
            try (Context ctx = new Context()) {
                Btor2Outcome o = new Btor2Check(ctx, Btor2Reader.read(ctx, file), PdrOptions.defaults()).run();
                assertEquals(kind, o.kind(), file.getFileName() + ": " + o.reason());
            }
            seen.add(kind);
        }
        assertEquals(Set.of(Btor2Outcome.Kind.SAFE, Btor2Outcome.Kind.UNSAFE), seen, files.toString());
        assertTrue(files.size() >= 2, files.toString());
    }
}
