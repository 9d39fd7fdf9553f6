package pdpv.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Guards the package arrows of the design page: CDT only in {@code frontend}; {@code pdr} knows
 * nothing about C; {@code domain} (the abstract values of thesis §3.3, below both {@code pdr} and
 * {@code interp}) uses only Java and commons-math; each package imports only the packages below it
 * in the design table.
 */
class PackageArrowsTest {
    private static final Path MAIN = Path.of("src/main/java/pdpv");

    /** For each package, the project packages it may import (design page, "Packages"; smt is the solver owner). */
    private static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("cli", Set.of("report", "bench", "cegar", "daikon", "witness", "encode", "interp", "cfg", "frontend", "semantics", "pdr", "smt")),
            Map.entry("report", Set.of("cegar", "daikon", "witness", "encode", "interp", "cfg", "frontend", "semantics", "pdr", "domain", "smt")),
            Map.entry("cegar", Set.of("daikon", "encode", "interp", "pdr", "domain", "cfg", "semantics", "smt")),
            Map.entry("witness", Set.of("frontend", "encode", "interp", "cfg", "semantics", "smt")),
            Map.entry("daikon", Set.of("interp", "encode", "cfg", "semantics", "smt")),
            Map.entry("encode", Set.of("cfg", "semantics", "smt")),
            Map.entry("interp", Set.of("cfg", "semantics", "domain")),
            Map.entry("cfg", Set.of("semantics")),
            Map.entry("frontend", Set.of("cfg", "semantics")),
            Map.entry("semantics", Set.of()),
            Map.entry("pdr", Set.of("smt", "domain")),
            Map.entry("domain", Set.of()),
            Map.entry("smt", Set.of()),
            Map.entry("bench", Set.of()));

    @Test
    void importsPointOnlyDownTheDesignTable() throws IOException {
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = MAIN.relativize(f).getName(0).toString();
                if (f.getParent().equals(MAIN)) {
                    continue;
                }
                Set<String> allowed = ALLOWED.get(pkg);
                assertTrue(allowed != null, "package " + pkg + " is not in the design table");
                for (String line : Files.readAllLines(f)) {
                    String l = line.strip();
                    if (l.contains("org.eclipse.cdt") && !pkg.equals("frontend")) {
                        violations.add(f + ": CDT outside frontend: " + l);
                    }
                    if (l.startsWith("import pdpv.") || l.startsWith("import static pdpv.")) {
                        String target = l.replace("import static ", "import ").substring("import pdpv.".length()).split("\\.")[0];
                        if (!target.equals(pkg) && !allowed.contains(target)) {
                            violations.add(f + ": " + pkg + " may not use " + target + ": " + l);
                        }
                    }
                    if (pkg.equals("domain") && l.startsWith("import ")
                            && !l.matches("import (static )?(java\\.|org\\.apache\\.commons\\.math3\\.).*")) {
                        violations.add(f + ": domain uses only Java and commons-math: " + l);
                    }
                    if (l.matches(".*\\bpdpv\\.(cfg|semantics|frontend|encode|interp|cegar)\\.[A-Z].*") && pkg.equals("pdr")) {
                        violations.add(f + ": pdr must know nothing about C: " + l);
                    }
                }
            }
        }
        assertTrue(violations.isEmpty(), String.join("\n", violations));
    }
}
