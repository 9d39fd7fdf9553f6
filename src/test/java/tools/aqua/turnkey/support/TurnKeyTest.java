package tools.aqua.turnkey.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PDPV's loader of Z3's libraries takes them from beside the jar only when every one is there whole. */
class TurnKeyTest {
    private static final String DIR = "com/microsoft/z3/linux/amd64/";
    private static final Map<String, Long> SIZES = Map.of("libz3.so", 5L, "libz3java.so", 3L);

    @TempDir
    Path tmp;

    private Path jarWithNatives(long z3Size) throws IOException {
        Path jar = Files.writeString(tmp.resolve("pdpv.jar"), "jar");
        Path dir = Files.createDirectories(tmp.resolve("pdpv-natives").resolve(DIR));
        Files.write(dir.resolve("libz3.so"), new byte[(int) z3Size]);
        Files.write(dir.resolve("libz3java.so"), new byte[3]);
        return jar;
    }

    private Path beside(Path jar) throws IOException {
        return TurnKey.besideJar(jar, DIR, List.of("libz3java.so", "libz3.so"), l -> SIZES.getOrDefault(l, -1L));
    }

    @Test
    void librariesOfTheJarsSizesAreTakenFromBesideIt() throws IOException {
        assertEquals(tmp.resolve("pdpv-natives").resolve(DIR), beside(jarWithNatives(5)));
    }

    @Test
    void aLibraryOfAnotherSizeMeansTheTemporaryCopy() throws IOException {
        assertNull(beside(jarWithNatives(4)));
    }

    @Test
    void aMissingLibraryMeansTheTemporaryCopy() throws IOException {
        Path jar = jarWithNatives(5);
        Files.delete(tmp.resolve("pdpv-natives").resolve(DIR).resolve("libz3java.so"));
        assertNull(beside(jar));
    }

    @Test
    void aLibraryTheJarDoesNotHoldMeansTheTemporaryCopy() throws IOException {
        Path jar = jarWithNatives(5);
        assertNull(TurnKey.besideJar(jar, DIR, List.of("libz3.so", "libother.so"), l -> SIZES.getOrDefault(l, -1L)));
    }

    @Test
    void classesOutsideAJarMeanTheTemporaryCopy() throws IOException {
        jarWithNatives(5);
        assertNull(beside(Files.createDirectories(tmp.resolve("classes"))));
    }
}
