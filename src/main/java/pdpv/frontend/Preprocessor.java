package pdpv.frontend;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the C preprocessor is given besides the file, as gcc's {@code -I DIR} and
 * {@code -D NAME[=VALUE]} give it: the directories searched for included headers, in order, before
 * PDPV's built-in standard headers ({@link BuiltinHeaders}); and the macros defined before the
 * first line ({@code -D NAME} defines NAME as 1, as gcc does).
 */
public record Preprocessor(List<Path> includeDirs, Map<String, String> macros) {
    public static final Preprocessor NONE = new Preprocessor(List.of(), Map.of());

    public Preprocessor {
        includeDirs = List.copyOf(includeDirs);
        macros = Collections.unmodifiableMap(new LinkedHashMap<>(macros));
    }

    /** The macro of a {@code -D} argument: {@code NAME} (value 1) or {@code NAME=VALUE}; NAME may be {@code F(x)}. */
    public static Map.Entry<String, String> macro(String definition) {
        int eq = definition.indexOf('=');
        String name = eq < 0 ? definition : definition.substring(0, eq);
        if (!name.matches("[A-Za-z_]\\w*(\\([\\w\\s,]*\\))?")) {
            throw new IllegalArgumentException("-D " + definition + ": expected NAME or NAME=VALUE, where NAME is a C identifier");
        }
        return Map.entry(name, eq < 0 ? "1" : definition.substring(eq + 1));
    }
}
