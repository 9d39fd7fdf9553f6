package tools.aqua.turnkey.support;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * PDPV's replacement for z3-turnkey's loader of Z3's native libraries (the shade plugin leaves out
 * z3-turnkey's own class of this name; pom.xml). {@code com.microsoft.z3.Native} calls {@link #load}
 * once, from its static initializer.
 *
 * <p>z3-turnkey copies the platform's libraries out of the jar into a fresh temporary directory at
 * every start of a JVM and loads them from there: 35 MB written for every {@code verify} and every
 * row of {@code bench}, about 0.1 s (invgen-bench/results/2026-11-26-startup). The build now also
 * extracts them once beside the jar ({@code target/pdpv-natives/} for {@code target/pdpv.jar}). This
 * loader takes the libraries from there when every bundled library is present with the size of its
 * entry in the jar; otherwise (the jar copied elsewhere alone, another platform, the tests' class
 * directory) it does what z3-turnkey does: copy them to a temporary directory and load them from it.
 */
public final class TurnKey {

    /** The name of the metadata file in each platform's resource directory (z3-turnkey's). */
    public static final String TURNKEY_FILE_NAME = "turnkey.xml";

    private TurnKey() {
        throw new AssertionError();
    }

    /**
     * Loads the native libraries stored under {@code resourcePrefix} for this platform.
     *
     * @param resourcePrefix the resource directory, without leading or trailing slash
     * @param resources opens a resource by its absolute name
     */
    public static void load(String resourcePrefix, Function<String, InputStream> resources) {
        PlatformPrefix platform = new PlatformPrefix(resourcePrefix, OperatingSystem.identify(), CPUArchitecture.identify());
        TurnKeyMetadata metadata = metadata(platform.resolve(TURNKEY_FILE_NAME), resources);
        Path dir = extractedBesideJar(platform, metadata);
        if (dir == null) {
            dir = temporaryCopy(platform, metadata, resources);
        }
        for (String library : metadata.loadCommands) {
            System.load(dir.resolve(library).toAbsolutePath().toString());
        }
    }

    /**
     * The directory beside the jar this class came from ({@code X-natives/} for {@code X.jar}, then
     * the resource path) if it holds every bundled library with the size of its entry in the jar;
     * null otherwise.
     */
    static Path extractedBesideJar(PlatformPrefix platform, TurnKeyMetadata metadata) {
        try {
            URL location = TurnKey.class.getProtectionDomain().getCodeSource().getLocation();
            return besideJar(Path.of(location.toURI()), platform.resolve("").substring(1), metadata.bundledLibraries, library -> {
                URL entry = TurnKey.class.getResource(platform.resolve(library));
                return entry == null ? -1 : entry.openConnection().getContentLengthLong();
            });
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The size of a library's entry in the jar, -1 if it has none. */
    interface EntrySize {
        long of(String library) throws IOException;
    }

    /**
     * {@code X-natives/resourceDir} beside {@code jar} = {@code X.jar} if it holds each of
     * {@code libraries} with the size its entry has in the jar; null otherwise.
     */
    static Path besideJar(Path jar, String resourceDir, Iterable<String> libraries, EntrySize entrySize) throws IOException {
        String name = jar.getFileName().toString();
        if (!name.endsWith(".jar") || !Files.isRegularFile(jar)) {
            return null;
        }
        Path dir = jar.resolveSibling(name.substring(0, name.length() - ".jar".length()) + "-natives").resolve(resourceDir);
        for (String library : libraries) {
            Path file = dir.resolve(library);
            long size = entrySize.of(library);
            if (size < 0 || !Files.isRegularFile(file) || Files.size(file) != size) {
                return null;
            }
        }
        return dir;
    }

    /** z3-turnkey's way: every bundled library copied into a fresh temporary directory, removed at exit. */
    private static Path temporaryCopy(PlatformPrefix platform, TurnKeyMetadata metadata, Function<String, InputStream> resources) {
        try {
            Path dir = Files.createTempDirectory("turnkey");
            dir.toFile().deleteOnExit();
            for (String library : metadata.bundledLibraries) {
                Path file = dir.resolve(library);
                file.toFile().deleteOnExit();
                String resource = platform.resolve(library);
                try (InputStream in = resources.apply(resource)) {
                    if (in == null) {
                        throw new TurnkeyException("Missing file at " + resource + ", packaging error!");
                    }
                    Files.copy(in, file);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new TurnkeyException("Failed to create temporary directory", e);
        }
    }

    private static TurnKeyMetadata metadata(String resource, Function<String, InputStream> resources) {
        try (InputStream in = resources.apply(resource)) {
            if (in == null) {
                throw new UnsupportedPlatformException("No file found at " + resource);
            }
            return TurnKeyMetadata.loadFrom(in);
        } catch (IOException e) {
            throw new TurnkeyException("Failed to load metadata from " + resource, e);
        }
    }
}
