package pdpv.witness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import pdpv.semantics.DataModel;

/**
 * The verification task a witness is about (format 2.0, {@code metadata.task}): the C file as it
 * was named to PDPV, its SHA-256 hash, the entry function, the data model. PDPV checks every
 * assertion of the entry function, which is SV-COMP's {@code unreach-call} property.
 */
public record Task(Path file, String hash, String function, DataModel dataModel) {

    public static Task of(Path file, String function, DataModel dataModel) throws IOException {
        return new Task(file, sha256(file), function, dataModel);
    }

    /** The property in SV-COMP's syntax. */
    public String specification() {
        return "CHECK( init(" + function + "()), LTL(G ! call(reach_error())) )";
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
