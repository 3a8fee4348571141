package io.traceloom.api.schema;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.put;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.publicly;
import static io.traceloom.api.support.IsolationProbe.refused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileFamilies;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The schemas' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their probes of tenant
 * isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class SchemaCases implements FeatureCases {

    public static final String SCHEMAS = "/schemas";

    /** A schema id nobody has. */
    private static final String UNUSED_ID = "5a1c0d7e-0000-4000-8000-0000000000ff";

    @Override
    public String feature() {
        return "schema";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(schemas());
        cases.addAll(malformedBodies(SCHEMAS));
        cases.addAll(malformedBodies(SCHEMAS + "/" + UNKNOWN_ID).stream().map(HostileFamilies::asPut).toList());
        // any JSON value is a document to validate: the rest must still be refused
        cases.addAll(malformedBodies(SCHEMAS + "/" + UNKNOWN_ID + "/validate").stream()
                .filter(c -> !READABLE_VALUES.contains(new String(c.body(), StandardCharsets.UTF_8))).toList());
        cases.addAll(pagingAbuse(SCHEMAS));
        cases.addAll(pathTricks(SCHEMAS));
        for (String path : List.of(SCHEMAS, SCHEMAS + "/" + UNKNOWN_ID + "/validate")) {
            cases.addAll(wrongMethods(path));
        }
        String one = SCHEMAS + "/" + UNKNOWN_ID;
        cases.add(request("PATCH", one).header("Content-Type: application/json").body("{}").expect(405));
        cases.add(request("POST", one).header("Content-Type: application/json").body("{}").expect(405));
        cases.add(request("TRACE", one).expect(405));
        cases.addAll(history(SCHEMAS));
        cases.add(get(SCHEMAS + "/not-a-uuid/history").expect(404));
        return cases;
    }

    /** A schema body for POST /schemas. */
    public static String schema(String schema) {
        return "{\"name\":\"Hostile\",\"schema\":" + schema + "}";
    }

    static List<HostileRequest> schemas() {
        String one = SCHEMAS + "/" + UNKNOWN_ID;
        StringBuilder combinatorial = new StringBuilder("{\"$defs\":{");
        for (int i = 0; i < 60; i++) {
            combinatorial.append("\"d").append(i).append("\":{\"anyOf\":[{\"$ref\":\"#/$defs/d").append(i + 1)
                    .append("\"},{\"$ref\":\"#/$defs/d").append(i + 1).append("\"}]},");
        }
        combinatorial.append("\"d60\":false},\"$ref\":\"#/$defs/d0\"}");
        return List.of(
                json(SCHEMAS, "{}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"Order\"}").expect(400, "schema"),
                json(SCHEMAS, schema("null")).expect(400, "schema"),
                json(SCHEMAS, schema("\"{}\"")).expect(400, "schema"),
                json(SCHEMAS, schema("[]")).expect(400, "schema"),
                json(SCHEMAS, schema("true")).expect(400, "schema"),
                json(SCHEMAS, schema("42")).expect(400, "schema"),
                json(SCHEMAS, "{\"name\":\"\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"" + "N".repeat(201) + "\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"a\\nb\",\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":42,\"schema\":{}}").expect(400, "name"),
                json(SCHEMAS, "{\"name\":\"Order\",\"schema\":{},\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(SCHEMAS, "{\"name\":\"Order\",\"schema\":{},\"version\":3}").expect(400, "version"),
                json(SCHEMAS, schema("{\"type\":\"strin\"}")).expect(400, "schema/type"),
                json(SCHEMAS, schema("{\"minLength\":-1}")).expect(400, "schema/minLength"),
                json(SCHEMAS, schema("{\"properties\":{\"a\":{\"required\":\"x\"}}}"))
                        .expect(400, "schema/properties/a/required"),
                json(SCHEMAS, schema("{\"$schema\":\"http://json-schema.org/draft-04/schema#\"}"))
                        .expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$schema\":\"https://evil.example/meta-schema\"}")).expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$schema\":\"file:///etc/passwd\"}")).expect(400, "schema/$schema"),
                json(SCHEMAS, schema("{\"$ref\":\"file:///etc/passwd\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"classpath:application.yml\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"http://169.254.169.254/latest/meta-data/\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"https://json-schema.org/draft/2020-12/../../application.yml\"}"))
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"jar:file:/app.jar!/application.yml\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"http://localhost:8080/schemas/" + UNKNOWN_ID + "\"}"))
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$ref\":\"" + UNKNOWN_ID + "\"}")).named("a $ref to no stored schema")
                        .expect(400, "schema"),
                json(SCHEMAS, schema("{\"$id\":\"file:///etc/\",\"$ref\":\"passwd\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"pattern\":\"(\"}")).expect(400, "schema"),
                json(SCHEMAS, schema("{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
                        + "\"$ref\":\"#/$defs/a\"}")).named("a $ref loop").expect(400, "schema"),
                json(SCHEMAS, schema(combinatorial.toString())).named("2^60 anyOf branches").expect(400, "schema"),
                json(SCHEMAS, schema("{\"description\":\"" + "d".repeat(300_000) + "\"}"))
                        .named("a 300 KB schema").expect(400, "schema"),
                json(SCHEMAS, schema("{\"items\":".repeat(70) + "{}" + "}".repeat(70) + "}"))
                        .named("a schema nested 70 deep").expect(400),
                put(one, schema("{}")).header("If-Match: \"0\"").named("If-Match on no schema").expect(412),
                put(one, schema("{}")).header("If-Match: *").named("If-Match * on no schema").expect(412),
                put(one, "{\"id\":\"" + UUID_OTHER + "\",\"name\":\"x\",\"schema\":{}}").expect(400, "id"),
                put(one, "{\"id\":7,\"name\":\"x\",\"schema\":{}}").expect(400, "id"),
                put(one, schema("{\"type\":\"strin\"}")).expect(400, "schema/type"),
                put(SCHEMAS + "/not-a-uuid", schema("{}")).expect(400, "id"),
                put(SCHEMAS + "/" + UNKNOWN_ID.toUpperCase(java.util.Locale.ROOT), schema("{}")).expect(400, "id"),
                put(SCHEMAS + "/" + UNKNOWN_ID + "%20", schema("{}")).expect(400),
                get(one).expect(404),
                get(one).header("Accept: application/schema+json").expect(404),
                get(one).header("Accept: application/xml").expect(406),
                get(SCHEMAS + "/not-a-uuid").expect(404),
                get(one + "?format=schema").expect(400, "format"),
                request("DELETE", one).expect(404),
                request("DELETE", one).header("If-Match: \"0\"").expect(404),
                json(one + "/validate", "{}").expect(404),
                json(one + "/validate", "null").expect(404),
                json(SCHEMAS + "/not-a-uuid/validate", "{}").expect(404),
                json(one + "/validate", "{\"a\":1,\"a\":2}").expect(400, "a"));
    }

    /** Another id no resource has. */
    private static final String UUID_OTHER = "5a1c0d7e-0000-4000-8000-000000000001";

    /** JSON values that are documents to validate, though no other endpoint reads them. */
    private static final List<String> READABLE_VALUES = List.of("null", "[]", "\"a string\"", "42", "true", "{\"x\":1}");

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /schemas", "/schemas", "{\"name\":\"Theirs\",\"schema\":{}}"),
                creates("PUT /schemas/{id}", "/schemas/{new}", "{\"name\":\"Theirs\",\"schema\":{}}"),
                notFound("PUT /schemas/{id}", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}"),
                refused("PUT /schemas/{id}", "/schemas/{new}", "{\"name\":\"Theirs\",\"schema\":{\"$ref\":\"{schema}\"}}"),
                lists("GET /schemas", "/schemas?limit=100"),
                notFound("GET /schemas/{id}", "/schemas/{schema}"),
                notFound("GET /schemas/{id}/history", "/schemas/{schema}/history"),
                notFound("GET /schemas/{id}", "/schemas/{schema}?asOf={now}"),
                publicly("GET /schemas/{id}", "/schemas/{schema}", "Accept", "application/schema+json"),
                notFound("DELETE /schemas/{id}", "/schemas/{schema}"),
                notFound("POST /schemas/{id}/validate", "/schemas/{schema}/validate", "{\"lot\":\"L1\"}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String schema = UUID.randomUUID().toString();
        created(http.put("/schemas/" + schema, "{\"name\":\"Lot\",\"schema\":{\"properties\":{\"lot\":{\"type\":\"string\"}}}}"));
        owned.put("schema", schema);
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("schema");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/schemas/{schema}", null, 200),
                new ByIdProbe("GET", "/schemas/{schema}", null, 304, "If-None-Match", "{schemaETag}"),
                new ByIdProbe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}", null),
                new ByIdProbe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{\"type\":\"strin\"}}", 400),
                new ByIdProbe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{\"$ref\":\"" + UNUSED_ID + "\"}}",
                        400),
                new ByIdProbe("PUT", "/schemas/{schema}", "{\"name\":\"Theirs\",\"schema\":{}}", 412, "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/schemas/{schema}", null, 409),
                new ByIdProbe("DELETE", "/schemas/{schema}", null, 412, "If-Match", "\"9\""),
                new ByIdProbe("POST", "/schemas/{schema}/validate", "{\"lot\":7}", 200),
                new ByIdProbe("GET", "/schemas/{schema}/history", null, 200),
                new ByIdProbe("GET", "/schemas/{schema}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        String schemaId = UUID.randomUUID().toString();
        Response schema = http.put("/schemas/" + schemaId, "{\"name\":\"Lot\",\"schema\":{\"properties\":"
                + "{\"lot\":{\"type\":\"string\"}}}}");
        assertThat(schema.status()).isEqualTo(201);
        owned.put("schema", schemaId);
        owned.put("schemaETag", schema.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("schemas", Fixtures.list(http, "/schemas?limit=100"));
    }
}
