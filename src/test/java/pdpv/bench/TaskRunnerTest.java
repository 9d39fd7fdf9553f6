package pdpv.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class-data sharing archive a benchmark run hands to each PDPV process (pom.xml writes it beside the jar). */
class TaskRunnerTest {
    @Test
    void theArchiveBesideTheJarIsUsedWhenThereIsOne(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("pdpv.jar"));
        assertEquals(List.of(), TaskRunner.sharedArchive(jar.toString()), "no archive yet");
        Path archive = Files.createFile(dir.resolve("pdpv.jsa"));
        assertEquals(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"),
                TaskRunner.sharedArchive(jar.toString()));
        assertEquals(List.of(), TaskRunner.sharedArchive(jar + File.pathSeparator + dir.resolve("other.jar")),
                "a class path of several entries has no one archive");
        assertEquals(List.of(), TaskRunner.sharedArchive(dir.toString()), "a directory of classes has none");
    }
}
