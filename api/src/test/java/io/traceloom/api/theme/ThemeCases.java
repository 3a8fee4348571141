package io.traceloom.api.theme;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.later;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.refused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The organization themes' cases for the shared suites (see {@link FeatureCases}): their hostile inputs, their
 * probes of tenant isolation and of reads by id, the resources those need, and what their lists show.
 */
public final class ThemeCases implements FeatureCases {

    public static final String THEMES = "/organization-themes";

    @Override
    public String feature() {
        return "theme";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(themes());
        cases.addAll(malformedBodies(THEMES));
        cases.addAll(pathTricks(THEMES));
        for (String path : List.of(THEMES, THEMES + "/" + UNKNOWN_ID)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(THEMES));
        cases.add(get(THEMES + "?asOf=tomorrow").expect(400, "asOf"));
        cases.add(get(THEMES + "?asOf=" + later()).expect(400, "asOf"));
        return cases;
    }

    static List<HostileRequest> themes() {
        String icon = ",\"icon\":\"" + UNKNOWN_ID + "\"";
        List<HostileRequest> cases = new ArrayList<>();
        for (String color : List.of("\"red\"", "\"#12345\"", "\"#1234567\"", "\"#GGGGGG\"", "\"1A73E8\"", "\"\"",
                "\" #1A73E8\"", "\"#1A73E8 \"", "\"#1A73E8\\n\"", "\"rgb(26,115,232)\"", "\"#12\"", "\"\\uff03123456\"",
                "\"#1A73E8\\u0000\"", "42", "null", "true", "[\"#123456\"]", "{\"hex\":\"#123456\"}")) {
            cases.add(json(THEMES, "{\"color\":" + color + icon + "}").expect(400, "color"));
        }
        cases.addAll(List.of(
                json(THEMES, "{}").expect(400, "color"),
                json(THEMES, "{\"color\":\"#123456\"}").expect(400, "icon"),
                json(THEMES, "{\"icon\":\"" + UNKNOWN_ID + "\"}").expect(400, "color"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":null}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":42}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"logo.png\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"../files/" + UNKNOWN_ID + "\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"organization-theme:x\"}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":\"" + UNKNOWN_ID.toUpperCase(java.util.Locale.ROOT) + "\"}")
                        .expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\",\"icon\":{\"id\":\"" + UNKNOWN_ID + "\"}}").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + "}").named("an icon no file has").expect(400, "icon"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + ",\"variables\":{}}").expect(400, "variables"),
                json(THEMES, "{\"color\":\"#123456\"" + icon + ",\"id\":\"" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(THEMES, "{\"color\":\"#123456\",\"color\":\"#654321\"" + icon + "}").expect(400, "color"),
                get(THEMES).expect(404),
                get(THEMES + "?page=1").expect(400, "page"),
                get(THEMES + "/" + UNKNOWN_ID + "?limit=1").expect(400, "limit"),
                request("DELETE", THEMES).expect(405)));
        return cases;
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /organization-themes", "/organization-themes",
                        "{\"color\":\"#654321\",\"icon\":\"{mine.file}\"}"),
                refused("POST /organization-themes", "/organization-themes",
                        "{\"color\":\"#654321\",\"icon\":\"{file}\"}"),
                lists("GET /organization-themes", "/organization-themes"),
                notFound("GET /organization-themes/{id}", "/organization-themes/{theme}"),
                notFound("GET /organization-themes/{id}/history", "/organization-themes/{theme}/history"),
                notFound("GET /organization-themes/{id}", "/organization-themes/{theme}?asOf={now}"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        Response theme = http.post("/organization-themes", "{\"color\":\"#123456\",\"icon\":\"" + owned.get("file")
                + "\"}");
        assertThat(theme.status()).as(theme.body()).isEqualTo(200);
        owned.put("theme", theme.json().get("id").asText());
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("theme");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/organization-themes/{theme}", null, 200),
                new ByIdProbe("GET", "/organization-themes/{theme}", null, 304, "If-None-Match", "{themeETag}"),
                new ByIdProbe("GET", "/organization-themes/{theme}/history", null, 200),
                new ByIdProbe("GET", "/organization-themes/{theme}?asOf={now}", null, 200),
                new ByIdProbe("GET", "/organization-themes?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response theme = http.post("/organization-themes", "{\"color\":\"#123456\",\"icon\":\"" + owned.get("file")
                + "\"}");
        assertThat(theme.status()).isEqualTo(200);
        owned.put("theme", theme.json().get("id").asText());
        owned.put("themeETag", theme.header("ETag"));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        Http.Response theme = http.get("/organization-themes");
        all.set("theme", theme.status() == 200 ? theme.json() : JsonNodeFactory.instance.numberNode(theme.status()));
    }
}
