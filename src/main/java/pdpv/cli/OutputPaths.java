package pdpv.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks an output path of a command before the command does its work (issue #18: a witness path
 * that named a folder printed the verdict, then a stack trace): each check tries what the write
 * will do, leaving nothing behind, and returns null or the one-line message that the command
 * prints with exit code 30.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /** Null if {@code file} can be written (created or replaced), else why not; {@code option} names it in the message. */
    static String file(String option, Path file) {
        if (file == null) {
            return null;
        }
        if (Files.isDirectory(file)) {
            return option + " " + file + " is a directory; it must name the file to write";
        }
        Path folder = file.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            return option + " " + file + ": no folder " + folder;
        }
        if (Files.exists(file)) {
            try (OutputStream ignored = Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                return null;
            } catch (IOException | SecurityException e) {
                return option + " " + file + ": cannot write the file (" + reason(e) + ")";
            }
        }
        return writable(option, file, folder);
    }

    /**
     * Null if {@code dir} is (or, with {@code create}, has been made) a folder in which files can be
     * written, else why not.
     */
    static String directory(String option, Path dir, boolean create) {
        if (dir == null) {
            return null;
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return option + " " + dir + " is a file; it must name a folder";
        }
        if (!Files.isDirectory(dir)) {
            if (!create) {
                return option + " " + dir + ": no such directory";
            }
            try {
                Files.createDirectories(dir);
            } catch (IOException | SecurityException e) {
                return option + " " + dir + ": cannot create the folder (" + reason(e) + ")";
            }
        }
        return writable(option, dir, dir);
    }

    /** Null if a file can be created in {@code folder} (tried with a probe file, deleted at once). */
    private static String writable(String option, Path path, Path folder) {
        try {
            Files.delete(Files.createTempFile(folder, ".pdpv-probe-", ""));
            return null;
        } catch (IOException | SecurityException e) {
            return option + " " + path + ": cannot write in the folder " + folder + " (" + reason(e) + ")";
        }
    }

    private static String reason(Exception e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
