package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of Daikon's declaration (version 2.0) and data trace formats as the developer
 * manual ("File formats") describes them, for the tests: it fails on anything the manual does not
 * allow, so that what {@code daikon-trace} writes is checked against the format, not against itself.
 */
final class DaikonFileReader {
    private DaikonFileReader() {
    }

    /** A declared variable: its fields ({@code var-kind}, {@code dec-type}, ...) by name. */
    record Variable(String name, Map<String, String> fields) {
    }

    /** A declared program point. */
    record Ppt(String name, Map<String, String> fields, List<Variable> variables) {
    }

    /** One data trace record: ppt, nonce (or null) and the values in the record's order. */
    record Sample(String ppt, String nonce, List<String> names, List<String> values) {
    }

    private static final List<String> PPT_FIELDS = List.of("ppt-type", "parent", "flags");
    private static final List<String> VARIABLE_FIELDS = List.of("var-kind", "enclosing-var", "reference-type", "array",
            "dec-type", "rep-type", "flags", "comparability", "parent", "constant", "function-args", "min-value",
            "max-value", "min-length", "max-length", "valid-values");
    private static final List<String> REQUIRED = List.of("var-kind", "dec-type", "rep-type", "comparability");

    /** The program points of a version 2.0 declaration file. */
    static Map<String, Ppt> decls(String text) {
        List<String> lines = new ArrayList<>();
        for (String l : text.split("\n")) {
            String s = l.strip();
            if (!s.isEmpty() && !s.startsWith("#") && !s.startsWith("//")) {
                lines.add(s);
            }
        }
        assertEquals("decl-version 2.0", lines.get(0), "the version record comes first");
        Map<String, Ppt> ppts = new LinkedHashMap<>();
        Ppt ppt = null;
        Variable var = null;
        for (String l : lines.subList(1, lines.size())) {
            String key = l.split(" ", 2)[0];
            String value = l.contains(" ") ? l.split(" ", 2)[1].strip() : "";
            if (key.equals("input-language") || key.equals("var-comparability")) {
                assertTrue(ppt == null, key + " belongs before the program points");
                if (key.equals("var-comparability")) {
                    assertTrue(value.equals("implicit") || value.equals("none"), l);
                }
            } else if (key.equals("ppt")) {
                assertTrue(!ppts.containsKey(value), "program point names are distinct: " + value);
                ppt = new Ppt(value, new LinkedHashMap<>(), new ArrayList<>());
                ppts.put(value, ppt);
                var = null;
            } else if (key.equals("variable")) {
                assertNotNull(ppt, "a variable outside a program point");
                var = new Variable(value, new LinkedHashMap<>());
                ppt.variables().add(var);
            } else if (var != null && VARIABLE_FIELDS.contains(key)) {
                var.fields().put(key, value);
            } else if (ppt != null && var == null && PPT_FIELDS.contains(key)) {
                ppt.fields().put(key, value);
            } else {
                fail("not a declaration record: " + l);
            }
        }
        for (Ppt p : ppts.values()) {
            for (Variable v : p.variables()) {
                for (String r : REQUIRED) {
                    assertTrue(v.fields().containsKey(r), p.name() + " " + v.name() + " lacks " + r);
                }
            }
        }
        return ppts;
    }

    /**
     * The records of a data trace file against its declarations: each names a declared point,
     * lists its variables in declaration order with a value and a modified flag 0, 1 or 2 (2
     * exactly for {@code nonsensical}); int values are integers within min-value and max-value.
     */
    static List<Sample> dtrace(String text, Map<String, Ppt> decls) {
        List<Sample> out = new ArrayList<>();
        for (String block : text.split("\n\n+")) {
            if (block.isBlank()) {
                continue;
            }
            List<String> l = List.of(block.strip().split("\n"));
            Ppt ppt = decls.get(l.get(0));
            assertNotNull(ppt, "undeclared program point " + l.get(0));
            int i = 1;
            String nonce = null;
            if (l.size() > 1 && l.get(1).equals("this_invocation_nonce")) {
                nonce = l.get(2);
                i = 3;
            }
            assertEquals(3 * ppt.variables().size(), l.size() - i, "one name, value and modified line per variable");
            List<String> names = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (Variable v : ppt.variables()) {
                assertEquals(v.name(), l.get(i), "variables in declaration order");
                String value = l.get(i + 1);
                String modified = l.get(i + 2);
                assertTrue(modified.equals(value.equals("nonsensical") ? "2" : "1") || modified.equals("0"), modified);
                if (v.fields().get("rep-type").equals("int") && !value.equals("nonsensical")) {
                    long x = Long.parseLong(value);
                    if (v.fields().containsKey("min-value")) {
                        assertTrue(x >= Long.parseLong(v.fields().get("min-value")), v.name() + " = " + x);
                    }
                    if (v.fields().containsKey("max-value")) {
                        assertTrue(x <= Long.parseLong(v.fields().get("max-value")), v.name() + " = " + x);
                    }
                }
                names.add(v.name());
                values.add(value);
                i += 3;
            }
            out.add(new Sample(l.get(0), nonce, names, values));
        }
        return out;
    }
}
