package io.traceloom.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the check of every HTTP test's answers finds wrong, and what it leaves alone, on a small document. */
class ServedDocumentTest {

    private static final ServedDocument DOCUMENT = ServedDocument.of("""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {
               "/things/{id}": {"get": {"responses": {
                 "200": {"description": "ok", "headers": {"ETag": {"$ref": "#/components/headers/ETag"},
                                                           "X-Count": {"schema": {"type": "integer", "minimum": 0}}},
                         "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                 "304": {"description": "not modified"},
                 "404": {"$ref": "#/components/responses/NotFound"}}}},
               "/things/special": {"get": {"responses": {"200": {"description": "ok",
                 "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}}}}},
               "/{ai}/{rest}": {"get": {"responses": {"307": {"description": "moved"}}}}
             },
             "components": {
               "schemas": {"Thing": {"type": "object", "required": ["id"], "properties": {
                   "id": {"type": "string"}, "note": {"type": ["string", "null"]},
                   "at": {"type": "string", "format": "date-time"}}},
                 "Problem": {"type": "object", "required": ["status"], "properties": {"status": {"type": "integer"}}}},
               "headers": {"ETag": {"required": true, "schema": {"type": "string"}}},
               "responses": {"NotFound": {"description": "no such thing",
                 "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}
             }}
            """);

    @Test
    void anAnswerAsDocumentedPasses() {
        assertThat(DOCUMENT.violations("GET", "/things/1?x=y", answer(200, "{\"id\":\"1\",\"note\":null}",
                "ETag", "\"1\"", "Content-Type", "application/json", "X-Count", "3"))).isEmpty();
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(404, "{\"status\":404}",
                "Content-Type", "application/problem+json"))).isEmpty();
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(304, ""))).isEmpty();
        assertThat(DOCUMENT.violations("GET", "/things/special", answer(200, "%PDF", "Content-Type", "application/pdf")))
                .as("a literal path before a template").isEmpty();
        assertThat(DOCUMENT.violations("GET", "/01/0950/10/ABC", answer(307, "")))
                .as("the last parameter takes the rest, when nothing else matches").isEmpty();
    }

    @Test
    void whatTheDocumentDoesNotDescribeIsFound() {
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(409, "{}", "Content-Type", "application/problem+json")))
                .singleElement().asString().contains("status 409 is not documented");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(200, "{\"id\":7}", "ETag", "\"1\"",
                "Content-Type", "application/json"))).singleElement().asString().contains("body /id");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(200, "{\"id\":\"1\",\"at\":\"yesterday\"}",
                "ETag", "\"1\"", "Content-Type", "application/json"))).as("formats are asserted")
                .singleElement().asString().contains("body /at");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(200, "{\"id\":\"1\"}",
                "Content-Type", "application/json"))).containsExactly("header ETag is required but missing");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(200, "{\"id\":\"1\"}", "ETag", "\"1\"",
                "X-Count", "-1", "Content-Type", "application/json"))).singleElement().asString()
                .startsWith("header X-Count (-1)");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(404, "{\"status\":404}",
                "Content-Type", "application/json"))).singleElement().asString()
                .contains("Content-Type application/json where the document declares [application/problem+json]");
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(304, "{}", "Content-Type", "application/json")))
                .singleElement().asString().contains("where the document declares none");
    }

    @Test
    void whatTheDocumentDoesNotSpeakOfIsLeftAlone() {
        assertThat(DOCUMENT.violations("DELETE", "/things/1", answer(405, "<html>", "Content-Type", "text/html")))
                .as("a method the path does not take").isEmpty();
        assertThat(DOCUMENT.violations("GET", "/health", answer(200, "{}", "Content-Type", "application/json")))
                .as("no operation at the path").isEmpty();
        assertThat(DOCUMENT.violations("GET", "/", answer(404, "x", "Content-Type", "text/plain"))).isEmpty();
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(431, "{\"status\":431}",
                "Content-Type", "application/problem+json"))).as("a refusal of the HTTP exchange, as a problem").isEmpty();
        assertThat(DOCUMENT.violations("GET", "/things/1", answer(431, "<html>", "Content-Type", "text/html")))
                .singleElement().asString().contains("not as a problem");
    }

    private static ServedDocument.Answer answer(int status, String body, String... headers) {
        Map<String, String> named = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            named.put(headers[i], headers[i + 1]);
        }
        return new ServedDocument.Answer(status, name -> Optional.ofNullable(named.get(name)), !body.isEmpty(), body);
    }
}
