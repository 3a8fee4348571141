package io.traceloom.command.schema.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import io.traceloom.kernel.message.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** JSON Schema as the service speaks it: dialects, meta-schemas, references, limits. */
class JsonSchemasTest {

    private static final String BASE = "https://traceloom.example/schemas/";
    private static final Function<String, String> NOTHING_STORED = iri -> null;

    private final JsonSchemas schemas = new JsonSchemas(Duration.ofMillis(500));

    @Test
    void everyMetaSchemaViolationIsReportedWithItsPointer() {
        JsonNode schema = JsonSchemas.read("{\"type\":\"strin\",\"minLength\":-1,\"properties\":{\"a\":{\"required\":\"x\"}},"
                + "\"items\":[{\"type\":\"string\"}]}");

        assertThat(schemas.metaViolations(schema)).extracting(Violation::instanceLocation)
                .contains("/type", "/minLength", "/properties/a/required", "/items");
    }

    @Test
    void aSchemaIsJudgedByTheDialectItDeclares() {
        String draft7 = "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"items\":[{\"type\":\"string\"}]}";
        String draft2019 = "{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\",\"items\":[{\"type\":\"string\"}]}";

        assertThat(schemas.metaViolations(JsonSchemas.read(draft7))).isEmpty();
        assertThat(schemas.metaViolations(JsonSchemas.read(draft2019))).isEmpty();
        assertThat(schemas.metaViolations(JsonSchemas.read("{\"items\":[{\"type\":\"string\"}]}"))).isNotEmpty();
    }

    @Test
    void onlyThreeDialectsAreSpoken() {
        for (String dialect : new String[] {"http://json-schema.org/draft-04/schema#", "https://evil.example/meta",
                "classpath:draft/2020-12/schema", "file:///etc/passwd"}) {
            assertThat(schemas.metaViolations(JsonSchemas.read("{\"$schema\":\"" + dialect + "\"}")))
                    .extracting(Violation::instanceLocation).as(dialect).containsExactly("/$schema");
        }
        assertThat(schemas.metaViolations(JsonSchemas.read("{\"$schema\":7}"))).isNotEmpty();
        assertThat(schemas.metaViolations(JsonSchemas.read("true"))).extracting(Violation::message)
                .containsExactly("a schema must be a JSON object");
    }

    @Test
    void violationsOfADocumentSayWhereWhichRuleAndWhat() {
        Schema compiled = schemas.compile(JsonSchemas.read("{\"type\":\"object\",\"required\":[\"lot\"],\"properties\":"
                + "{\"lot\":{},\"kg\":{\"type\":\"number\",\"minimum\":0}},\"additionalProperties\":false}"), BASE + "a", NOTHING_STORED);

        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"kg\":-1,\"extra\":true}")))
                .extracting(Violation::instanceLocation, Violation::keywordLocation)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("", "/required"),
                        org.assertj.core.groups.Tuple.tuple("/kg", "/properties/kg/minimum"),
                        org.assertj.core.groups.Tuple.tuple("", "/additionalProperties"));
        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"lot\":1,\"kg\":2}"))).isEmpty();
    }

    @Test
    void referencesReachTheSourceAndNothingElse(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("canary.json");
        Files.writeString(file, "{\"const\":\"canary\"}");
        Map<String, String> stored = Map.of(BASE + "11111111-1111-4111-8111-111111111111", "{\"type\":\"string\"}");

        Schema viaSource = schemas.compile(JsonSchemas.read(
                "{\"$ref\":\"11111111-1111-4111-8111-111111111111\"}"), BASE + "a", stored::get);
        assertThat(schemas.validate(viaSource, JsonSchemas.read("1"))).hasSize(1);

        for (String elsewhere : new String[] {file.toUri().toString(), "classpath:draft/2020-12/schema",
                "http://127.0.0.1:9/x.json", "https://json-schema.org/draft/2020-12/../../x",
                BASE + "22222222-2222-4222-8222-222222222222", "jar:file:/x.jar!/y"}) {
            assertThatThrownBy(() -> schemas.compile(JsonSchemas.read("{\"$ref\":\"" + elsewhere + "\"}"), BASE + "a",
                    stored::get)).as(elsewhere).isInstanceOf(UnusableSchemaException.class);
        }
        Schema metaSchema = schemas.compile(JsonSchemas.read("{\"$ref\":\"https://json-schema.org/draft/2020-12/schema\"}"),
                BASE + "a", NOTHING_STORED);
        assertThat(schemas.validate(metaSchema, JsonSchemas.read("{\"type\":\"strin\"}"))).isNotEmpty();
    }

    @Test
    @Timeout(10)
    void aCatastrophicPatternIsStoppedAtTheDeadline() {
        Schema compiled = schemas.compile(JsonSchemas.read("{\"pattern\":\"^(a+)+\\\\1$\"}"), BASE + "a", NOTHING_STORED);

        assertThatThrownBy(() -> schemas.validate(compiled, JsonSchemas.read("\"" + "a".repeat(40) + "!\"")))
                .isInstanceOf(OverLimitException.class).hasMessageContaining("longer than 500 ms");
    }

    @Test
    @Timeout(10)
    void aCombinatorialSchemaIsStoppedAtTheDeadline() {
        StringBuilder defs = new StringBuilder("{\"$defs\":{");
        for (int i = 0; i < 60; i++) {
            defs.append("\"d").append(i).append("\":{\"anyOf\":[{\"$ref\":\"#/$defs/d").append(i + 1)
                    .append("\"},{\"$ref\":\"#/$defs/d").append(i + 1).append("\"}]},");
        }
        defs.append("\"d60\":false},\"$ref\":\"#/$defs/d0\"}");
        JsonNode schema = JsonSchemas.read(defs.toString());

        assertThat(schemas.check(schema, BASE + "a", NOTHING_STORED).violations()).extracting(Violation::message)
                .singleElement().asString().contains("longer than 500 ms");
    }

    @Test
    @Timeout(10)
    void aReferenceLoopIsNoStackOverflow() {
        JsonNode loop = JsonSchemas.read("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
                + "\"properties\":{\"x\":{\"$ref\":\"#/$defs/a\"}}}");

        Schema compiled = schemas.compile(loop, BASE + "a", NOTHING_STORED);
        assertThatThrownBy(() -> schemas.validate(compiled, JsonSchemas.read("{\"x\":1}")))
                .isInstanceOf(OverLimitException.class).hasMessageContaining("refers to itself without end");
        assertThat(schemas.check(JsonSchemas.read("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
                + "\"$ref\":\"#/$defs/a\"}"), BASE + "a", NOTHING_STORED).violations()).isNotEmpty();
    }

    @Test
    void aViolationQuotesLittleOfTheSchemaOrTheDocument() {
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            values.append(i == 0 ? "" : ",").append('"').append("value-").append(i).append('"');
        }
        Schema compiled = schemas.compile(JsonSchemas.read("{\"additionalProperties\":{\"enum\":[" + values + "]}}"),
                BASE + "a", NOTHING_STORED);

        Violation violation = schemas.validate(compiled, JsonSchemas.read("{\"" + "k".repeat(5000) + "\":1}")).get(0);

        assertThat(violation.message()).hasSizeLessThanOrEqualTo(300);
        assertThat(violation.instanceLocation()).hasSizeLessThanOrEqualTo(1000);
    }

    @Test
    void aPatternThatIsNoRegularExpressionIsNamed() {
        assertThatThrownBy(() -> schemas.compile(JsonSchemas.read("{\"pattern\":\"(\"}"), BASE + "a", NOTHING_STORED))
                .isInstanceOf(UnusableSchemaException.class).hasMessageContaining("not a valid regular expression");
    }

    /**
     * JSON Schema's counts are non-negative integers of any size. Beyond what an int holds, a maximum bounds
     * nothing (no string, array or object is that long) and a minimum refuses everything; the library read
     * them as ints, so 2^31 wrapped round to -2^31: a maximum refused everything and a minimum nothing.
     */
    @Test
    void countsBeyondWhatAnIntHoldsMeanWhatTheySay() {
        for (String huge : new String[] {"2147483648", "2147483648.0", "9223372036854775808", "1e400"}) {
            Schema atMost = schemas.compile(JsonSchemas.read("{\"properties\":{"
                    + "\"text\":{\"maxLength\":" + huge + "},"
                    + "\"list\":{\"maxItems\":" + huge + ",\"contains\":{\"type\":\"string\"},\"maxContains\":" + huge + "},"
                    + "\"map\":{\"maxProperties\":" + huge + "}}}"), BASE + "a", NOTHING_STORED);
            Schema atLeast = schemas.compile(JsonSchemas.read("{\"properties\":{"
                    + "\"text\":{\"minLength\":" + huge + "},"
                    + "\"list\":{\"minItems\":" + huge + "},"
                    + "\"tags\":{\"contains\":{\"type\":\"string\"},\"minContains\":" + huge + "},"
                    + "\"map\":{\"minProperties\":" + huge + "}}}"), BASE + "a", NOTHING_STORED);
            JsonNode small = JsonSchemas.read("{\"text\":\"abc\",\"list\":[\"a\",\"b\"],\"tags\":[\"a\"],"
                    + "\"map\":{\"a\":1}}");

            assertThat(schemas.validate(atMost, small)).as(huge).isEmpty();
            // the library reports minContains where contains is evaluated
            assertThat(schemas.validate(atLeast, small)).as(huge).extracting(Violation::keywordLocation)
                    .containsExactlyInAnyOrder("/properties/text/minLength", "/properties/list/minItems",
                            "/properties/tags/contains", "/properties/map/minProperties");
        }
    }

    @Test
    void aHugeCountThatIsDataIsLeftAsItIs() {
        Schema compiled = schemas.compile(JsonSchemas.read("{\"properties\":{\"maxLength\":{\"const\":"
                + "{\"maxLength\":2147483648}}},\"enum\":[{\"maxLength\":{\"maxLength\":2147483648}}]}"),
                BASE + "a", NOTHING_STORED);

        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"maxLength\":{\"maxLength\":2147483648}}"))).isEmpty();
        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"maxLength\":{\"maxLength\":2147483647}}")))
                .isNotEmpty();
    }

    @Test
    void aHugeCountInAStoredSchemaReferredToMeansWhatItSays() {
        Map<String, String> stored = Map.of(BASE + "11111111-1111-4111-8111-111111111111",
                "{\"maxLength\":2147483648,\"minItems\":2147483648}");
        Schema compiled = schemas.compile(JsonSchemas.read("{\"properties\":{\"a\":{\"$ref\":"
                + "\"11111111-1111-4111-8111-111111111111\"}}}"), BASE + "a", stored::get);

        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"a\":\"abc\"}"))).isEmpty();
        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"a\":[]}"))).extracting(Violation::keywordLocation)
                .containsExactly("/properties/a/$ref/minItems");
    }

    /**
     * The JDK's regular expressions recurse once for each repetition of a group: a long enough value overflows
     * the stack. That is the pattern's doing, and said so, with where the pattern is; not a {@code $ref} loop.
     */
    @Test
    void aPatternWhoseMatchingOverflowsTheStackIsNamed() {
        Schema compiled = schemas.compile(JsonSchemas.read("{\"properties\":{\"code\":{\"pattern\":\"^(a|b)*$\"}}}"),
                BASE + "a", NOTHING_STORED);

        assertThatThrownBy(() -> schemas.validate(compiled, JsonSchemas.read("{\"code\":\"" + "ab".repeat(200_000) + "\"}")))
                .isInstanceOf(OverLimitException.class)
                .hasMessageContaining("the pattern '^(a|b)*$' at /properties/code/pattern is too complex")
                .hasMessageNotContaining("$ref");
        assertThat(schemas.validate(compiled, JsonSchemas.read("{\"code\":\"abba\"}"))).isEmpty();
    }

    @Test
    void aPropertyNamePatternWhoseMatchingOverflowsTheStackIsNamed() {
        Schema compiled = schemas.compile(JsonSchemas.read("{\"patternProperties\":{\"^(a|b)*$\":{\"type\":\"string\"}}}"),
                BASE + "a", NOTHING_STORED);

        JsonNode document = JsonSchemas.read("{\"" + "ab".repeat(20_000) + "\":1}");

        assertThatThrownBy(() -> onSmallStack(() -> schemas.validate(compiled, document)))
                .isInstanceOf(OverLimitException.class)
                .hasMessageContaining("the pattern '^(a|b)*$' at /patternProperties is too complex");
    }

    /** Runs {@code work} on a thread with a 256 KB stack, so that what overflows a stack does so here whatever -Xss says. */
    private static <T> T onSmallStack(java.util.concurrent.Callable<T> work) throws Throwable {
        java.util.concurrent.FutureTask<T> task = new java.util.concurrent.FutureTask<>(work);
        Thread thread = new Thread(null, task, "small-stack", 256 * 1024);
        thread.start();
        thread.join();
        try {
            return task.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause();
        }
    }

    @Test
    void jsonIsReadStrictly() {
        assertThatThrownBy(() -> JsonSchemas.read("{\"a\":1,\"a\":2}")).isInstanceOf(InvalidJsonException.class);
        assertThatThrownBy(() -> JsonSchemas.read("[".repeat(65) + "]".repeat(65))).isInstanceOf(InvalidJsonException.class);
        assertThat(JsonSchemas.read("0.1").decimalValue()).isEqualByComparingTo("0.1");
    }
}
