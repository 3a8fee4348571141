package io.traceloom.api.canvas;

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

/**
 * The canvas templates' and their instances' cases for the shared suites (see {@link FeatureCases}): their hostile
 * inputs, their probes of tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class CanvasCases implements FeatureCases {

    public static final String TEMPLATES = "/canvas-templates";
    public static final String INSTANCES = "/canvas-template-instances";

    @Override
    public String feature() {
        return "canvas";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(canvasTemplates());
        cases.addAll(malformedBodies(TEMPLATES));
        cases.addAll(malformedBodies(TEMPLATES + "/" + UNKNOWN_ID).stream().map(HostileFamilies::asPut).toList());
        // any object is variables to render: the rest must still be refused
        cases.addAll(malformedBodies(TEMPLATES + "/" + UNKNOWN_ID + "/render").stream()
                .filter(c -> !new String(c.body(), StandardCharsets.UTF_8).equals("{\"x\":1}")).toList());
        cases.addAll(pagingAbuse(TEMPLATES));
        cases.addAll(pathTricks(TEMPLATES));
        cases.addAll(pathTricks(INSTANCES));
        for (String path : List.of(TEMPLATES, TEMPLATES + "/" + UNKNOWN_ID + "/render", INSTANCES + "/" + UNKNOWN_ID)) {
            cases.addAll(wrongMethods(path));
        }
        String one = TEMPLATES + "/" + UNKNOWN_ID;
        cases.add(request("PATCH", one).header("Content-Type: application/json").body("{}").expect(405));
        cases.add(request("POST", one).header("Content-Type: application/json").body("{}").expect(405));
        cases.add(request("TRACE", one).expect(405));
        cases.addAll(history(TEMPLATES));
        cases.addAll(history(INSTANCES));
        return cases;
    }

    /** A template body for POST /canvas-templates, with an empty schema. */
    private static String template(String template) {
        return "{\"name\":\"Hostile\",\"template\":" + template + ",\"schema\":{}}";
    }

    static List<HostileRequest> canvasTemplates() {
        String one = TEMPLATES + "/" + UNKNOWN_ID;
        return List.of(
                json(TEMPLATES, "{}").expect(400, "name"),
                json(TEMPLATES, "{\"name\":\"Label\",\"schema\":{}}").expect(400, "template"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\"}").expect(400, "schema"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{},\"schemaId\":\""
                        + UNKNOWN_ID + "\"}").expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":\"" + UNKNOWN_ID + "\"}")
                        .expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":\"../schemas\"}")
                        .expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schemaId\":42}").expect(400, "schemaId"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":[]}").expect(400, "schema"),
                json(TEMPLATES, template("42")).expect(400, "template"),
                json(TEMPLATES, template("[\"x\"]")).expect(400, "template"),
                json(TEMPLATES, template("\"\"")).expect(400, "template"),
                json(TEMPLATES, template("\"" + "t".repeat(65_537) + "\"")).named("a 65 537 character template")
                        .expect(400, "template"),
                json(TEMPLATES, template("\"x\\u0000\"")).expect(400, "template"),
                json(TEMPLATES, template("\"Hello {{#if x}}\\nno end\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{> /etc/passwd}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{embedded \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{precompile \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{i18n \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{i18nJs \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{log \\\"x\\\"}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"{{#block \\\"x\\\"}}y{{/block}}\"")).expect(400, "template"),
                json(TEMPLATES, template("\"" + "{{#a}}".repeat(5000) + "{{/a}}".repeat(5000) + "\""))
                        .named("blocks nested 5000 deep").expect(400, "template"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{\"minLength\":-1}}")
                        .expect(400, "schema/minLength"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{\"$ref\":\"file:///etc/passwd\"}}")
                        .expect(400, "schema"),
                json(TEMPLATES, "{\"name\":\"Label\",\"template\":\"x\",\"schema\":{},\"renderedOutput\":\"x\"}")
                        .expect(400, "renderedOutput"),
                put(one, template("\"x\"")).expect(404),
                put(one, template("\"x\"")).header("If-Match: \"0\"").expect(404),
                put(one, template("\"{{#if}\"")).named("a template that does not compile, of no template")
                        .expect(404),
                request("DELETE", one).expect(404),
                json(one + "/render", "{}").expect(404),
                json(one + "/render", "{\"lot\":\"L1\"}").expect(404),
                json(one + "/render", "[]").expect(400),
                json(one + "/render", "\"lot\"").expect(400),
                get(one + "/render").expect(405),
                get(INSTANCES).expect(404),
                get(INSTANCES + "/" + UNKNOWN_ID).expect(404));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /canvas-templates", "/canvas-templates",
                        "{\"name\":\"Theirs\",\"template\":\"{{lot}}\",\"schemaId\":\"{mine.schema}\"}"),
                refused("POST /canvas-templates", "/canvas-templates",
                        "{\"name\":\"Theirs\",\"template\":\"{{lot}}\",\"schemaId\":\"{schema}\"}"),
                lists("GET /canvas-templates", "/canvas-templates?limit=100"),
                notFound("GET /canvas-templates/{id}", "/canvas-templates/{template}"),
                notFound("GET /canvas-templates/{id}/history", "/canvas-templates/{template}/history"),
                notFound("GET /canvas-templates/{id}", "/canvas-templates/{template}?asOf={now}"),
                notFound("PUT /canvas-templates/{id}", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}"),
                notFound("DELETE /canvas-templates/{id}", "/canvas-templates/{template}"),
                notFound("POST /canvas-templates/{id}/render", "/canvas-templates/{template}/render", "{\"lot\":\"L1\"}"),
                notFound("GET /canvas-template-instances/{id}", "/canvas-template-instances/{instance}"),
                notFound("GET /canvas-template-instances/{id}/history", "/canvas-template-instances/{instance}/history"),
                notFound("GET /canvas-template-instances/{id}", "/canvas-template-instances/{instance}?asOf={now}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        String template = created(http.post("/canvas-templates", "{\"name\":\"Label\",\"template\":\"{{lot}}\","
                + "\"schemaId\":\"" + owned.get("schema") + "\"}")).get("id").asText();
        owned.put("template", template);
        owned.put("instance", created(http.post("/canvas-templates/" + template + "/render", "{\"lot\":\"L1\"}"))
                .get("id").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("template", "instance");
    }

    @Override
    public List<String> ownedReads() {
        return List.of("/canvas-template-instances/{instance}");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/canvas-templates/{template}", null, 200),
                new ByIdProbe("GET", "/canvas-templates/{template}", null, 304, "If-None-Match", "{templateETag}"),
                new ByIdProbe("PUT", "/canvas-templates/{template}", "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}",
                        null),
                new ByIdProbe("PUT", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"{{#if}\",\"schema\":{}}", 400),
                new ByIdProbe("PUT", "/canvas-templates/{template}",
                        "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{\"type\":\"strin\"}}", 400),
                new ByIdProbe("PUT", "/canvas-templates/{template}", "{\"name\":\"Theirs\",\"template\":\"x\",\"schema\":{}}",
                        412, "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/canvas-templates/{template}", null, 412, "If-Match", "\"9\""),
                new ByIdProbe("DELETE", "/canvas-templates/{template}", null, null),
                new ByIdProbe("POST", "/canvas-templates/{template}/render", "{\"lot\":7}", 400),
                new ByIdProbe("POST", "/canvas-templates/{template}/render", "{\"lot\":\"L1\"}", null),
                new ByIdProbe("GET", "/canvas-template-instances/{instance}", null, 200),
                new ByIdProbe("GET", "/canvas-template-instances/{instance}", null, 304, "If-None-Match", "\"0\""),
                new ByIdProbe("GET", "/canvas-templates/{template}/history", null, 200),
                new ByIdProbe("GET", "/canvas-templates/{template}?asOf={now}", null, 200),
                new ByIdProbe("GET", "/canvas-template-instances/{instance}/history", null, 200),
                new ByIdProbe("GET", "/canvas-template-instances/{instance}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response template = http.post("/canvas-templates", "{\"name\":\"Label\",\"template\":\"{{lot}}\","
                + "\"schemaId\":\"" + owned.get("schema") + "\"}");
        assertThat(template.status()).as(template.body()).isEqualTo(201);
        String templateId = template.json().get("id").asText();
        Response instance = http.post("/canvas-templates/" + templateId + "/render", "{\"lot\":\"L1\"}");
        assertThat(instance.status()).isEqualTo(201);
        owned.put("template", templateId);
        owned.put("templateETag", template.header("ETag"));
        owned.put("instance", instance.json().get("id").asText());
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("canvasTemplates", Fixtures.list(http, "/canvas-templates?limit=100"));
    }
}
