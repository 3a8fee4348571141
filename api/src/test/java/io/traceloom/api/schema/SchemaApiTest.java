package io.traceloom.api.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Schemas over HTTP: spec endpoint 5 and its companions, every answer they give. */
class SchemaApiTest {

    /** The default public base URL: schemas are known by {@code <it>/schemas/{id}}. */
    static final String BASE = "http://localhost:8080";
    static final String ORDER = "{\"type\":\"object\",\"required\":[\"lot\"],\"properties\":{\"lot\":{\"type\":\"string\"},"
            + "\"kg\":{\"type\":\"number\",\"minimum\":0}}}";

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    static String newId() {
        return UUID.randomUUID().toString();
    }

    static Response put(String id, String name, String schema, String... headers) {
        return http.put("/schemas/" + id, "{\"name\":\"" + name + "\",\"schema\":" + schema + "}", headers);
    }

    @Test
    void aPutCreatesThenReplaces() {
        String id = newId();

        Response created = put(id, "Order", ORDER);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("Location")).endsWith("/schemas/" + id);
        assertThat(created.header("ETag")).isEqualTo("\"0\"");
        JsonNode schema = created.json();
        assertThat(Fixtures.fieldNames(schema)).containsExactly("id", "name", "schema", "createdAt", "updatedAt", "version");
        assertThat(schema.get("schema").toString()).isEqualTo(ORDER);
        assertThat(http.get("/schemas/" + id).json()).isEqualTo(schema);

        Response replaced = http.put("/schemas/" + id, "{\"id\":\"" + id + "\",\"name\":\"Order v2\",\"schema\":{\"type\":\"object\"}}");

        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        assertThat(replaced.json().get("name").asText()).isEqualTo("Order v2");
        assertThat(replaced.json().get("createdAt")).isEqualTo(schema.get("createdAt"));
        assertThat(replaced.header("ETag")).isEqualTo("\"1\"");
        assertThat(http.get("/schemas/" + id).json()).isEqualTo(replaced.json());
    }

    @Test
    void aPostCreatesWithANewId() {
        Response created = http.post("/schemas", "{\"name\":\"Order\",\"schema\":" + ORDER + "}");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        assertThat(created.header("Location")).endsWith("/schemas/" + id);
        assertThat(http.get("/schemas/" + id).status()).isEqualTo(200);
    }

    @Test
    void theBodyIdMustBeThePathId() {
        String id = newId();

        Response response = http.put("/schemas/" + id, "{\"id\":\"" + newId() + "\",\"name\":\"x\",\"schema\":{}}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("errors").get(0).get("field").asText()).isEqualTo("id");
        assertThat(http.get("/schemas/" + id).status()).isEqualTo(404);
    }

    @Test
    void anIdIsALowerCaseUuid() {
        assertThat(put("not-a-uuid", "x", "{}").status()).isEqualTo(400);
        assertThat(put(newId().toUpperCase(), "x", "{}").status()).isEqualTo(400);
    }

    @Test
    void anInvalidSchemaIsRefusedWithEveryViolationAndItsPointer() {
        String id = newId();

        Response response = put(id, "Bad", "{\"type\":\"strin\",\"properties\":{\"a\":{\"minLength\":-1}}}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("errors").findValuesAsText("field"))
                .containsExactlyInAnyOrder("schema/type", "schema/properties/a/minLength");
        assertThat(response.json().get("violations").findValuesAsText("instanceLocation"))
                .contains("/type", "/properties/a/minLength");
        assertThat(http.get("/schemas/" + id).status()).isEqualTo(404);
    }

    @Test
    void draft07AndDraft2019AreJudgedByTheirOwnMetaSchema() {
        assertThat(put(newId(), "Old", "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"items\":[{\"type\":\"string\"}]}")
                .status()).isEqualTo(201);
        assertThat(put(newId(), "Old", "{\"$schema\":\"https://json-schema.org/draft/2019-09/schema\",\"items\":[{}]}")
                .status()).isEqualTo(201);
        Response draft4 = put(newId(), "Older", "{\"$schema\":\"http://json-schema.org/draft-04/schema#\"}");
        assertThat(draft4.status()).isEqualTo(400);
        assertThat(draft4.json().get("errors").get(0).get("field").asText()).isEqualTo("schema/$schema");
    }

    @Test
    void refsReachTheTenantsStoredSchemasAndNothingElse() {
        String lot = newId();
        assertThat(put(lot, "Lot", "{\"type\":\"string\",\"pattern\":\"^L[0-9]+$\"}").status()).isEqualTo(201);
        String order = newId();

        assertThat(put(order, "Order", "{\"properties\":{\"lot\":{\"$ref\":\"" + BASE + "/schemas/" + lot + "\"}}}")
                .status()).isEqualTo(201);
        assertThat(validate(order, "{\"lot\":\"X1\"}").get("valid").asBoolean()).isFalse();
        assertThat(validate(order, "{\"lot\":\"L1\"}").get("valid").asBoolean()).isTrue();

        for (String elsewhere : new String[] {"file:///etc/passwd", "classpath:application.yml",
                "http://169.254.169.254/latest/meta-data/", BASE + "/schemas/" + newId()}) {
            Response refused = put(newId(), "Elsewhere", "{\"$ref\":\"" + elsewhere + "\"}");
            assertThat(refused.status()).as(elsewhere).isEqualTo(400);
            assertThat(refused.json().get("detail").asText()).as(elsewhere).contains("names no schema this schema may use");
        }
    }

    @Test
    void aSchemaInUseIsNotDeleted() {
        String lot = newId();
        put(lot, "Lot", "{\"type\":\"string\"}");
        String order = newId();
        put(order, "Order", "{\"$ref\":\"" + lot + "\"}");

        Response refused = http.delete("/schemas/" + lot);

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("detail").asText()).contains("schemas/" + order);
        assertThat(http.delete("/schemas/" + order).status()).isEqualTo(204);
        assertThat(http.delete("/schemas/" + lot).status()).isEqualTo(204);
        assertThat(http.get("/schemas/" + lot).status()).isEqualTo(404);
        assertThat(http.delete("/schemas/" + lot).status()).isEqualTo(404);
        assertThat(put(lot, "Lot again", "{}").status()).isEqualTo(201);
    }

    @Test
    void validationAnswersEveryViolationWithItsLocations() {
        String id = newId();
        put(id, "Order", ORDER);

        JsonNode result = validate(id, "{\"kg\":-1}");

        assertThat(result.get("valid").asBoolean()).isFalse();
        assertThat(result.get("errors").findValuesAsText("instanceLocation")).containsExactlyInAnyOrder("", "/kg");
        assertThat(result.get("errors").findValuesAsText("keywordLocation"))
                .containsExactlyInAnyOrder("/required", "/properties/kg/minimum");
        assertThat(validate(id, "{\"lot\":\"L1\",\"kg\":3.5}").get("errors")).isEmpty();
        for (String notAnObject : new String[] {"null", "[]", "42", "\"text\"", "true"}) {
            Response answer = http.post("/schemas/" + id + "/validate", notAnObject);
            assertThat(answer.status()).as(notAnObject).isEqualTo(200);
            assertThat(answer.json().get("valid").asBoolean()).as(notAnObject).isFalse();
        }
        assertThat(http.post("/schemas/" + newId() + "/validate", "{}").status()).isEqualTo(404);
    }

    @Test
    void aCatastrophicPatternIsAQuick400() {
        String id = newId();
        assertThat(put(id, "ReDoS", "{\"pattern\":\"^(a+)+\\\\1$\"}").status()).isEqualTo(201);

        long started = System.nanoTime();
        Response response = http.post("/schemas/" + id + "/validate", "\"" + "a".repeat(40) + "!\"");

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().get("type").asText()).isEqualTo("urn:traceloom:problem:limit-exceeded");
        assertThat(System.nanoTime() - started).as("answered within seconds").isLessThan(20_000_000_000L);
    }

    /** The JDK's matcher recurses once per repetition of a group: a long value overflows its stack. */
    @Test
    void aPatternTooComplexToEvaluateIsSaidToBeOneAndWhere() {
        String id = newId();
        assertThat(put(id, "Codes", "{\"properties\":{\"code\":{\"pattern\":\"^(a|b)*$\"}}}").status()).isEqualTo(201);

        Response response = http.post("/schemas/" + id + "/validate", "{\"code\":\"" + "ab".repeat(200_000) + "\"}");

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("detail").asText()).isEqualTo("The document could not be checked: the pattern "
                + "'^(a|b)*$' at /properties/code/pattern is too complex to evaluate: matching it against the document "
                + "overflows the stack.");
        assertThat(validate(id, "{\"code\":\"abba\"}").get("valid").asBoolean()).isTrue();
    }

    /** A count of any size is JSON Schema: beyond 2^31 a maximum bounds nothing and a minimum refuses everything. */
    @Test
    void countsBeyondWhatAnIntHoldsMeanWhatTheySay() {
        String id = newId();
        assertThat(put(id, "Huge", "{\"properties\":{\"most\":{\"maxLength\":2147483648},"
                + "\"least\":{\"minItems\":4294967296}}}").status()).isEqualTo(201);

        assertThat(validate(id, "{\"most\":\"abc\"}").get("valid").asBoolean()).isTrue();
        JsonNode refused = validate(id, "{\"least\":[1,2,3]}");
        assertThat(refused.get("errors").findValuesAsText("keywordLocation")).containsExactly("/properties/least/minItems");
        assertThat(http.get("/schemas/" + id).json().get("schema").toString()).contains("2147483648", "4294967296");
    }

    @Test
    void theUrlOfASchemaAnswersTheSchemaItselfWhenAskedForIt() {
        String id = newId();
        put(id, "Order", ORDER);

        Response itself = http.get("/schemas/" + id, "Accept", "application/schema+json");

        assertThat(itself.status()).isEqualTo(200);
        assertThat(itself.contentType()).startsWith("application/schema+json");
        assertThat(itself.body()).isEqualTo(ORDER);
        assertThat(itself.header("Vary")).contains("Accept");
        assertThat(http.get("/schemas/" + id, "Accept", "application/schema+json", "If-None-Match", itself.header("ETag"))
                .status()).isEqualTo(304);
        Response record = http.get("/schemas/" + id, "Accept", "application/json, application/schema+json;q=0.5");
        assertThat(record.contentType()).startsWith("application/json");
        assertThat(record.header("ETag")).isNotEqualTo(itself.header("ETag"));
        assertThat(http.get("/schemas/" + id, "Accept", "text/html").status()).isEqualTo(406);
    }

    @Test
    void ifMatchGuardsReplaceAndDelete() {
        String id = newId();
        String etag = put(id, "Order", ORDER).header("ETag");
        assertThat(put(id, "Order", "{}", "If-Match", "\"7\"").status()).isEqualTo(412);
        assertThat(http.delete("/schemas/" + id, "If-Match", "\"7\"").status()).isEqualTo(412);
        assertThat(put(newId(), "New", "{}", "If-Match", "*").status()).isEqualTo(412);

        Response replaced = put(id, "Order", "{}", "If-Match", etag);

        assertThat(replaced.status()).isEqualTo(200);
        assertThat(http.delete("/schemas/" + id, "If-Match", etag).status()).isEqualTo(412);
        assertThat(http.delete("/schemas/" + id, "If-Match", replaced.header("ETag")).status()).isEqualTo(204);
    }

    @Test
    void aListIsPaged() {
        put(newId(), "Listed", "{}");

        Response list = http.get("/schemas?limit=1");

        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().isArray()).isTrue();
        assertThat(list.json()).hasSize(1);
        assertThat(Long.parseLong(list.header("X-Total-Count"))).isPositive();
    }

    /**
     * JSON allows any character in a string or a property name, escaped; a schema and the documents checked
     * against it are data, so they may hold control characters (the JSON-Schema-Test-Suite's {@code "foo\nbar"}
     * properties, a NUL in a {@code const}). The schema's name stays one line of text.
     */
    @Test
    void aSchemaAndTheDocumentsItChecksMayHoldControlCharacters() {
        String id = newId();
        String schema = "{\"properties\":{\"foo\\nbar\":{\"const\":\"a\\u0000b\"}},\"required\":[\"foo\\nbar\"]}";

        Response stored = put(id, "Escaped", schema);

        assertThat(stored.status()).as(stored.body()).isEqualTo(201);
        assertThat(stored.json().at("/schema/properties").fieldNames().next()).isEqualTo("foo\nbar");
        assertThat(http.get("/schemas/" + id).json().get("schema")).isEqualTo(stored.json().get("schema"));
        assertThat(validate(id, "{\"foo\\nbar\":\"a\\u0000b\"}").get("valid").asBoolean()).isTrue();
        assertThat(validate(id, "{\"foo\\nbar\":\"ab\"}").get("valid").asBoolean()).isFalse();
        assertThat(validate(id, "{\"foo\\tbar\":\"a\\u0000b\"}").get("valid").asBoolean()).isFalse();

        Response badName = http.put("/schemas/" + newId(), "{\"name\":\"two\\nlines\",\"schema\":{}}");
        assertThat(badName.status()).isEqualTo(400);
        assertThat(badName.json().get("errors").get(0).get("field").asText()).isEqualTo("name");
        Response surrogate = http.put("/schemas/" + newId(), "{\"name\":\"x\",\"schema\":{\"const\":\"\\ud800\"}}");
        assertThat(surrogate.status()).isEqualTo(400);
        assertThat(surrogate.body()).contains("schema.const");
    }

    static JsonNode validate(String id, String document) {
        Response response = http.post("/schemas/" + id + "/validate", document);
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }
}
