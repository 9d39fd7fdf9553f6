package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The witnesses {@code verify --witness} writes validate against the JSON schema of format 2.0
 * (src/test/resources/witness-2.0: transcribed from the format's published documentation, since the
 * raw schema is not reachable here), checked by a JSON-schema library on the YAML read as JSON; and
 * witnesses broken on purpose (a required key removed, an enum value changed) do not.
 */
class WitnessSchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonSchema schema(String name) throws IOException {
        try (InputStream in = WitnessSchemaTest.class.getResourceAsStream("/witness-2.0/" + name)) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
        }
    }

    /** The witness of {@code example} written by the real command line, read as YAML and converted to JSON. */
    private JsonNode witness(String example, int exitCode) throws IOException {
        Path w = dir.resolve(Path.of(example).getFileName() + ".yml");
        CliResult r = run("verify", "--timeout", "120", "--witness", w.toString(), example);
        assertEquals(exitCode, r.code(), r.out() + r.err());
        Object yaml = new Yaml().load(Files.readString(w));
        return JSON.valueToTree(yaml);
    }

    @Test
    void aCorrectnessWitnessValidatesAndABrokenOneDoesNot() throws IOException {
        JsonSchema schema = schema("correctness-witness.schema.json");
        JsonNode witness = witness("examples/counter_loop.c", ExitCodes.SAFE);
        Set<ValidationMessage> errors = schema.validate(witness);
        assertTrue(errors.isEmpty(), errors + "\n" + witness.toPrettyString());

        JsonNode noProducer = witness.deepCopy();
        ((ObjectNode) noProducer.get(0).get("metadata")).remove("producer");
        assertFalse(schema.validate(noProducer).isEmpty(), "a witness without its producer was accepted");

        JsonNode otherType = witness.deepCopy();
        ((ObjectNode) otherType.get(0).get("content").get(0).get("invariant")).put("type", "loop_invariants");
        assertFalse(schema.validate(otherType).isEmpty(), "an unknown invariant type was accepted");

        JsonNode noValue = witness.deepCopy();
        ((ObjectNode) noValue.get(0).get("content").get(0).get("invariant")).remove("value");
        assertFalse(schema.validate(noValue).isEmpty(), "an invariant without its value was accepted");

        assertFalse(schema("violation-witness.schema.json").validate(witness).isEmpty(),
                "a correctness witness passed as a violation witness");
    }

    @Test
    void theCorrectnessWitnessOfAProgramWithoutLoopsValidates() throws IOException {
        JsonNode witness = witness("examples/shifts.c", ExitCodes.SAFE);
        Set<ValidationMessage> errors = schema("correctness-witness.schema.json").validate(witness);
        assertTrue(errors.isEmpty(), errors + "\n" + witness.toPrettyString());
        assertEquals("location_invariant", witness.get(0).get("content").get(0).get("invariant").get("type").asText());
    }

    @Test
    void aViolationWitnessValidatesAndABrokenOneDoesNot() throws IOException {
        JsonSchema schema = schema("violation-witness.schema.json");
        JsonNode witness = witness("examples/abs_int_min.c", ExitCodes.UNSAFE);
        Set<ValidationMessage> errors = schema.validate(witness);
        assertTrue(errors.isEmpty(), errors + "\n" + witness.toPrettyString());

        JsonNode noHash = witness.deepCopy();
        ((ObjectNode) noHash.get(0).get("metadata").get("task")).remove("input_file_hashes");
        assertFalse(schema.validate(noHash).isEmpty(), "a witness without its task's hashes was accepted");

        ArrayNode segments = (ArrayNode) witness.get(0).get("content");
        JsonNode otherAction = witness.deepCopy();
        ((ObjectNode) otherAction.get(0).get("content").get(segments.size() - 1).get("segment").get(0).get("waypoint"))
                .put("action", "visit");
        assertFalse(schema.validate(otherAction).isEmpty(), "an unknown waypoint action was accepted");

        JsonNode noTarget = witness.deepCopy();
        ((ArrayNode) noTarget.get(0).get("content")).remove(segments.size() - 1);
        assertFalse(schema.validate(noTarget).isEmpty(), "a violation witness without its target was accepted");

        JsonNode otherModel = witness.deepCopy();
        ((ObjectNode) otherModel.get(0).get("metadata").get("task")).put("data_model", "ILP64");
        assertFalse(schema.validate(otherModel).isEmpty(), "an unknown data model was accepted");
    }
}
