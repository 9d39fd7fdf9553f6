package pdpv.bench;

import java.util.Locale;

/**
 * The SV-COMP properties PDPV checks, named by their property files: {@code unreach-call.prp}
 * (no call of the error function: PDPV's assertions) and {@code no-overflow.prp} (no signed
 * integer overflow).
 */
public enum Property {
    UNREACH_CALL, NO_OVERFLOW;

    /** The name SV-COMP gives it: {@code unreach-call}, {@code no-overflow}. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The property a property file names (by its file name, as SV-COMP's files are named), or null. */
    public static Property ofFile(String propertyFile) {
        String name = propertyFile.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        for (Property p : values()) {
            if (name.equals(p + ".prp")) {
                return p;
            }
        }
        return null;
    }
}
