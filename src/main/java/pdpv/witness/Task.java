package pdpv.witness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pdpv.semantics.DataModel;

/**
 * The verification task a witness is about (format 2.0, {@code metadata.task}): the C file as it
 * was named to PDPV, its SHA-256 hash, the entry function, the data model, the SV-COMP property
 * ({@code unreach-call}: every assertion of the entry function; {@code no-overflow}: no signed
 * overflow), and the readings of C the answer holds under.
 *
 * <p>Format 2.0 has no field for a reading such as what a signed overflow means; PDPV states its
 * readings in {@code metadata.producer.configuration} as the options of its command line that
 * set them, e.g. {@code --signed-overflow undefined} ({@link #configuration()}), and
 * {@code check-witness} reads them back from there ({@link #readings(String)}). A witness of
 * another producer states none: it is read under SV-COMP's meaning of its property.
 */
public record Task(Path file, String hash, String function, DataModel dataModel, String property,
                   Map<String, String> readings) {
    /** The properties whose specification PDPV writes and reads, by SV-COMP's names. */
    public static final String UNREACH_CALL = "unreach-call";
    public static final String NO_OVERFLOW = "no-overflow";
    private static final Pattern SPECIFICATION = Pattern.compile(
            "\\s*CHECK\\s*\\(\\s*init\\s*\\(\\s*([A-Za-z_]\\w*)\\s*\\(\\s*\\)\\s*\\)\\s*,\\s*LTL\\s*\\((.*)\\)\\s*\\)\\s*");
    private static final Pattern OPTION = Pattern.compile("--([a-z][a-z0-9-]*)\\s+([^\\s-][^\\s]*)");

    /** A specification as SV-COMP writes it: the entry function and the property. */
    public record Specification(String function, String property) {
    }

    public Task {
        readings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(readings));
    }

    /** {@code readings}: option name (without {@code --}) to value, in the order they are written. */
    public static Task of(Path file, String function, DataModel dataModel, String property, Map<String, String> readings)
            throws IOException {
        return new Task(file, sha256(file), function, dataModel, property, readings);
    }

    /** The property in SV-COMP's syntax. */
    public String specification() {
        return "CHECK( init(" + function + "()), LTL(" + ltl(property) + ") )";
    }

    private static String ltl(String property) {
        return switch (property) {
            case UNREACH_CALL -> "G ! call(reach_error())";
            case NO_OVERFLOW -> "G ! overflow";
            default -> throw new IllegalArgumentException("no specification for property " + property);
        };
    }

    /**
     * The entry function and property of an SV-COMP specification, or null when it is none that
     * PDPV checks (unreach-call of {@code reach_error}, no-overflow).
     */
    public static Specification parse(String specification) {
        Matcher m = SPECIFICATION.matcher(specification);
        if (!m.matches()) {
            return null;
        }
        String ltl = m.group(2).replaceAll("\\s+", "");
        for (String property : new String[] {UNREACH_CALL, NO_OVERFLOW}) {
            if (ltl.equals(ltl(property).replaceAll("\\s+", ""))) {
                return new Specification(m.group(1), property);
            }
        }
        return null;
    }

    /** The readings as {@code metadata.producer.configuration}: {@code --name value} pairs. */
    public String configuration() {
        StringBuilder sb = new StringBuilder();
        readings.forEach((name, value) -> sb.append(sb.length() == 0 ? "" : " ").append("--").append(name).append(' ').append(value));
        return sb.toString();
    }

    /** The {@code --name value} pairs of a configuration, by name; anything else in it is ignored. */
    public static Map<String, String> readings(String configuration) {
        Map<String, String> out = new LinkedHashMap<>();
        if (configuration != null) {
            Matcher m = OPTION.matcher(configuration);
            while (m.find()) {
                out.put(m.group(1), m.group(2));
            }
        }
        return out;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
