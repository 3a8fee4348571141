package io.traceloom.api.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.ProblemJson;
import io.traceloom.api.support.SharedTraceloom;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Canvas templates over HTTP: spec endpoint 9 and its companions, renders, and the sandbox as clients meet it. */
class CanvasApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LABEL_SCHEMA = "{\"type\":\"object\",\"required\":[\"lot\"],\"properties\":{\"lot\":"
            + "{\"type\":\"string\"},\"kg\":{\"type\":\"number\",\"minimum\":0}}}";

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static String body(String name, String template, String schema) {
        ObjectNode body = JSON.createObjectNode().put("name", name).put("template", template);
        try {
            body.set("schema", JSON.readTree(schema));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
        return body.toString();
    }

    private static JsonNode create(String template) {
        Response created = http.post("/canvas-templates", body("Label", template, LABEL_SCHEMA));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    @Test
    void aTemplateIsCreatedAndReadAsSpecEndpoint9ShowsIt() {
        Response created = http.post("/canvas-templates", body("Label", "Lot {{lot}}: {{kg}} kg", LABEL_SCHEMA));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode template = created.json();
        assertThat(Fixtures.fieldNames(template))
                .containsExactly("id", "name", "template", "schema", "schemaId", "createdAt", "updatedAt");
        assertThat(template.get("schema").toString()).isEqualTo(LABEL_SCHEMA);
        Response read = http.get("/canvas-templates/" + template.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(template);
        assertThat(read.header("ETag")).isEqualTo(created.header("ETag"));
        assertThat(http.get("/canvas-templates?limit=100").json().findValuesAsText("id")).contains(template.get("id").asText());
    }

    @Test
    void aRenderIsValidatedRenderedAndRecorded() {
        String id = create("<b>Lot {{lot}}</b>{{#if kg}}: {{kg}} kg{{/if}}").get("id").asText();

        Response rendered = http.post("/canvas-templates/" + id + "/render", "{\"lot\":\"<L1>\",\"kg\":12}");

        assertThat(rendered.status()).as(rendered.body()).isEqualTo(201);
        JsonNode instance = rendered.json();
        assertThat(instance.get("renderedOutput").asText()).isEqualTo("<b>Lot &lt;L1&gt;</b>: 12 kg");
        assertThat(instance.get("templateId").asText()).isEqualTo(id);
        assertThat(instance.get("templateVersion").asLong()).isZero();
        assertThat(instance.get("variables").toString()).isEqualTo("{\"lot\":\"<L1>\",\"kg\":12}");
        assertThat(instance.get("renderedBy").asText()).isNotBlank();
        assertThat(rendered.header("Location")).endsWith("/canvas-template-instances/" + instance.get("id").asText());
        Response read = http.get("/canvas-template-instances/" + instance.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(instance);
    }

    @Test
    void variablesThatBreakTheSchemaAreRefusedWithEveryViolationAndNothingIsRecorded() {
        String id = create("{{lot}}").get("id").asText();

        Response refused = http.post("/canvas-templates/" + id + "/render", "{\"kg\":-1,\"lot\":7}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").findValuesAsText("field")).containsExactlyInAnyOrder("lot", "kg");
        assertThat(refused.json().get("violations").findValuesAsText("keywordLocation"))
                .containsExactlyInAnyOrder("/properties/lot/type", "/properties/kg/minimum");
        Response missing = http.post("/canvas-templates/" + id + "/render", "{}");
        assertThat(missing.json().get("errors").findValuesAsText("field")).containsExactly("(body)");
        assertThat(http.post("/canvas-templates/" + id + "/render", "[]").status()).isEqualTo(400);
    }

    @Test
    void aTemplateOnAStoredSchemaUsesIt() {
        String schemaId = UUID.randomUUID().toString();
        assertThat(http.put("/schemas/" + schemaId, "{\"name\":\"Lot\",\"schema\":" + LABEL_SCHEMA + "}").status())
                .isEqualTo(201);
        Response created = http.post("/canvas-templates",
                "{\"name\":\"Label\",\"template\":\"{{lot}}\",\"schemaId\":\"" + schemaId + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        assertThat(created.json().get("schemaId").asText()).isEqualTo(schemaId);
        assertThat(created.json().get("schema").get("$ref").asText()).isEqualTo("http://localhost:8080/schemas/" + schemaId);

        Response refused = http.delete("/schemas/" + schemaId);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("detail").asText()).contains("canvas-templates/" + id);
        assertThat(http.post("/canvas-templates/" + id + "/render", "{\"lot\":1}").status()).isEqualTo(400);
        assertThat(http.post("/canvas-templates/" + id + "/render", "{\"lot\":\"L1\"}").status()).isEqualTo(201);

        assertThat(http.delete("/canvas-templates/" + id).status()).isEqualTo(204);
        assertThat(http.delete("/schemas/" + schemaId).status()).isEqualTo(204);
        assertThat(http.post("/canvas-templates",
                "{\"name\":\"Label\",\"template\":\"{{lot}}\",\"schemaId\":\"" + schemaId + "\"}").status()).isEqualTo(400);
    }

    @Test
    void aSchemaIsGivenOnce() {
        assertThat(http.post("/canvas-templates", "{\"name\":\"L\",\"template\":\"x\"}").json()
                .get("errors").get(0).get("field").asText()).isEqualTo("schema");
        assertThat(http.post("/canvas-templates", "{\"name\":\"L\",\"template\":\"x\",\"schema\":{},\"schemaId\":\""
                + UUID.randomUUID() + "\"}").json().get("errors").get(0).get("field").asText()).isEqualTo("schemaId");
    }

    @Test
    void aTemplateThatDoesNotCompileIsRefusedWithLineAndColumn() {
        Response refused = http.post("/canvas-templates", body("Label", "Hello {{#if x}}\nno end", "{}"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get(0).get("field").asText()).isEqualTo("template");
        assertThat(refused.json().get("detail").asText()).contains("line 2, column 6");
    }

    @Test
    void anInvalidSchemaIsRefusedWithItsPointers() {
        Response refused = http.post("/canvas-templates", body("Label", "x", "{\"minLength\":-1}"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").get(0).get("field").asText()).isEqualTo("schema/minLength");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{{> /etc/passwd}}", "{{embedded \"x\"}}", "{{i18n \"x\"}}", "{{precompile \"x\"}}",
            "{{log \"x\"}}"})
    void templatesThatReachOutsideAreRefused(String template) {
        Response refused = http.post("/canvas-templates", body("Hostile", template, "{}"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("errors").get(0).get("field").asText()).isEqualTo("template");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{{this.class}}{{name.class.name}}{{name.bytes}}{{name.length}}{{lot.class}}{{this}}",
            "{{> ../../../../etc/passwd}}", "{{#*inline \"r\"}}{{> r}}{{/inline}}{{> r}}"})
    void nothingButTheVariablesIsReachable(String template) {
        Response created = http.post("/canvas-templates", body("Hostile", template, "{}"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        Response rendered = http.post("/canvas-templates/" + created.json().get("id").asText() + "/render",
                "{\"name\":\"Alice\",\"lot\":{\"kg\":1}}");

        if (rendered.status() == 201) {
            assertThat(rendered.json().get("renderedOutput").asText()).isEmpty();
        } else {
            assertThat(rendered.status()).as(rendered.body()).isEqualTo(400);
            assertThat(rendered.json().get("detail").asText()).doesNotContain("root:", "passwd:");
        }
    }

    /** A render error says where, and what, as the template's author knows it: never a Java class. */
    @Test
    void aRenderErrorNamesThePositionAndTheProblemInTheTemplatesWords() {
        Response created = http.post("/canvas-templates", body("Compare", "Lot {{gt lot kg}}", "{}"));

        Response refused = http.post("/canvas-templates/" + created.json().get("id").asText() + "/render",
                "{\"lot\":\"L1\",\"kg\":12}");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("detail").asText())
                .isEqualTo("The template cannot be rendered: line 1, column 6: gt compares two numbers, two texts or "
                        + "two booleans, not a text and a number.")
                .doesNotContainPattern(ProblemJson.LEAKS);
    }

    @Test
    void aHugeExpansionIsStoppedAtTheOutputCap() {
        Response created = http.post("/canvas-templates", body("Huge",
                "{{#each a}}{{#each ../a}}{{../../big}}{{/each}}{{/each}}", "{}"));
        String variables = "{\"big\":\"" + "x".repeat(10_000) + "\",\"a\":[" + "1,".repeat(99) + "1]}";

        Response refused = http.post("/canvas-templates/" + created.json().get("id").asText() + "/render", variables);

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("detail").asText()).contains("traceloom.canvas.max-output");
    }

    @Test
    void aLongRenderIsStoppedAtTheTimeCap() {
        Response created = http.post("/canvas-templates", body("Slow",
                "{{#each a}}{{#each ../a}}{{#each ../../a}}{{/each}}{{/each}}{{/each}}", "{}"));
        String thousand = "{\"a\":[" + "1,".repeat(999) + "1]}";

        Response refused = http.post("/canvas-templates/" + created.json().get("id").asText() + "/render", thousand);

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("detail").asText()).contains("traceloom.canvas.render-timeout");
    }

    @Test
    void replaceAndDeleteHonourIfMatchAndRendersKeepTheirVersion() {
        JsonNode template = create("v0 {{lot}}");
        String id = template.get("id").asText();
        String first = http.post("/canvas-templates/" + id + "/render", "{\"lot\":\"L1\"}").json().get("id").asText();

        assertThat(http.put("/canvas-templates/" + id, body("Label", "v1 {{lot}}", LABEL_SCHEMA), "If-Match", "\"9\"")
                .status()).isEqualTo(412);
        Response replaced = http.put("/canvas-templates/" + id, body("Label", "v1 {{lot}}", LABEL_SCHEMA), "If-Match", "\"0\"");
        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        assertThat(replaced.header("ETag")).isEqualTo("\"1\"");
        JsonNode second = http.post("/canvas-templates/" + id + "/render", "{\"lot\":\"L1\"}").json();
        assertThat(second.get("renderedOutput").asText()).isEqualTo("v1 L1");
        assertThat(second.get("templateVersion").asLong()).isEqualTo(1);

        assertThat(http.delete("/canvas-templates/" + id, "If-Match", "\"0\"").status()).isEqualTo(412);
        assertThat(http.delete("/canvas-templates/" + id, "If-Match", "\"1\"").status()).isEqualTo(204);
        assertThat(http.get("/canvas-templates/" + id).status()).isEqualTo(404);
        assertThat(http.post("/canvas-templates/" + id + "/render", "{\"lot\":\"L1\"}").status()).isEqualTo(404);
        assertThat(http.get("/canvas-template-instances/" + first).json().get("renderedOutput").asText()).isEqualTo("v0 L1");
    }
}
