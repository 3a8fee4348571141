package io.traceloom.api.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The official JSON-Schema-Test-Suite, draft 2020-12, all required tests, through the HTTP edge as a client
 * meets it: each group's schema stored with {@code PUT /schemas/{id}} and each of its documents sent to
 * {@code POST /schemas/{id}/validate}, so what the HTTP layer does to a body (its checks of text, its reading
 * of numbers) is tested with the suite too, not only the validator (command-side's JsonSchemaTestSuiteTest).
 * The groups the service refuses to store by design are listed, with their reasons, in docs/api.md; any other
 * refusal, and any wrong answer, fails. The groups run a few at a time on the shared service; each schema is
 * deleted once its documents are checked.
 */
class JsonSchemaTestSuiteOverHttpTest {

    private static final Path TESTS = Path.of("..", "command-side", "src", "test", "resources",
            "json-schema-test-suite", "tests", "draft2020-12");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Groups a tenant cannot store, by design (docs/api.md, "Schemas and canvas templates"): a stored schema is
     * an object; only the three dialects are spoken. Besides these, a {@code $ref} reaches only the schema
     * itself and the tenant's own stored schemas, never another host: the groups whose {@code $ref}s name the
     * suite's remotes ({@code http://localhost:1234/...}, which its harness serves) are refused, saying so.
     */
    private static final Set<String> BY_DESIGN = Set.of(
            "boolean_schema.json / boolean schema 'true'",
            "boolean_schema.json / boolean schema 'false'",
            "vocabulary.json / schema that uses custom metaschema with with no validation vocabulary",
            "vocabulary.json / ignore unrecognized optional vocabulary");
    private static final String REMOTE_REFUSED = "$ref 'http://localhost:1234/draft2020-12/";
    /** Groups whose {@code $ref}s reach the suite's remotes: 5 of dynamicRef.json, 15 of refRemote.json. */
    private static final int REMOTE_GROUPS = 20;

    private record Outcome(String group, int tests, int passed, boolean refused, List<String> failures) {
    }

    @Test
    void everyRequiredTestOfDraft2020_12PassesThroughHttp() throws Exception {
        Http http = SharedTraceloom.get().http();
        List<JsonNode[]> groups = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(TESTS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode group : JSON.readTree(file.toFile())) {
                    groups.add(new JsonNode[] {group});
                    names.add(file.getFileName() + " / " + group.get("description").asText());
                }
            }
        }
        long started = System.nanoTime();
        List<Outcome> outcomes = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Outcome>> running = new ArrayList<>();
            for (int i = 0; i < groups.size(); i++) {
                JsonNode group = groups.get(i)[0];
                String name = names.get(i);
                running.add(pool.submit(() -> run(http, name, group)));
            }
            for (Future<Outcome> outcome : running) {
                outcomes.add(outcome.get());
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        int total = outcomes.stream().mapToInt(Outcome::tests).sum();
        int passed = outcomes.stream().mapToInt(Outcome::passed).sum();
        List<String> refused = outcomes.stream().filter(Outcome::refused).map(Outcome::group).sorted().toList();
        int refusedTests = outcomes.stream().filter(Outcome::refused).mapToInt(Outcome::tests).sum();
        List<String> failures = outcomes.stream().flatMap(outcome -> outcome.failures().stream()).toList();
        System.out.printf("JSON-Schema-Test-Suite draft2020-12 over HTTP: %d/%d passed, %d groups (%d tests) refused "
                + "by design %s, in %.1f s%n", passed, total, refused.size(), refusedTests, refused, seconds);
        failures.forEach(failure -> System.out.println("  FAILED " + failure));

        assertThat(groups).as("the vendored suite's groups").hasSize(383);
        assertThat(failures).isEmpty();
        assertThat(refused).as("groups refused: only those docs/api.md lists").containsAll(BY_DESIGN)
                .hasSize(BY_DESIGN.size() + REMOTE_GROUPS);
        assertThat(total).isEqualTo(1299);
        assertThat(passed).isEqualTo(total - refusedTests).isEqualTo(1232);
    }

    private static Outcome run(Http http, String name, JsonNode group) {
        int tests = group.get("tests").size();
        String id = UUID.randomUUID().toString();
        ObjectNode body = JSON.createObjectNode().put("name", "suite group");
        body.set("schema", group.get("schema"));
        Response stored = http.put("/schemas/" + id, body.toString());
        if (stored.status() != 201) {
            if (stored.status() == 400 && (BY_DESIGN.contains(name) || stored.body().contains(REMOTE_REFUSED))) {
                return new Outcome(name, tests, 0, true, List.of());
            }
            return new Outcome(name, tests, 0, true, List.of(name + ": PUT answered " + stored.status() + " "
                    + stored.body()));
        }
        List<String> failures = new ArrayList<>();
        int passed = 0;
        for (JsonNode test : group.get("tests")) {
            String where = name + " / " + test.get("description").asText();
            Response answer = http.post("/schemas/" + id + "/validate", test.get("data").toString());
            if (answer.status() != 200) {
                failures.add(where + ": validate answered " + answer.status() + " " + answer.body());
            } else if (answer.json().get("valid").asBoolean() != test.get("valid").asBoolean()) {
                failures.add(where + ": valid=" + answer.json().get("valid") + ", expected " + test.get("valid"));
            } else {
                passed++;
            }
        }
        Response deleted = http.delete("/schemas/" + id);
        if (deleted.status() != 204) {
            failures.add(name + ": DELETE answered " + deleted.status() + " " + deleted.body());
        }
        return new Outcome(name, tests, passed, false, Collections.unmodifiableList(failures));
    }
}
