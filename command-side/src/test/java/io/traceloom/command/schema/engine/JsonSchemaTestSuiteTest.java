package io.traceloom.command.schema.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The official JSON-Schema-Test-Suite, draft 2020-12 (required tests; vendored under
 * {@code json-schema-test-suite/}), run through the code the service validates with: {@link JsonSchemas}'s
 * compile and validate, every schema compiled once and every document of its group checked against it.
 * The suite's remote references ({@code http://localhost:1234/draft2020-12/...}) are served from the
 * vendored {@code remotes} by the same kind of source that serves a tenant's stored schemas, so nothing is
 * fetched. docs/testing.md reports the counts this test prints.
 */
class JsonSchemaTestSuiteTest {

    private static final String REMOTES = "http://localhost:1234/";
    private static final int SUITE_TESTS = 1299;

    private final ObjectMapper json = new ObjectMapper();
    private final JsonSchemas schemas = new JsonSchemas(Duration.ofSeconds(10));

    @Test
    void everyRequiredTestOfDraft2020_12Passes() throws Exception {
        Path tests = resource("json-schema-test-suite/tests/draft2020-12");
        Map<String, int[]> byFile = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        List<String> refusedGroups = new ArrayList<>();
        try (Stream<Path> files = Files.list(tests)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                int[] counts = byFile.computeIfAbsent(file.getFileName().toString(), name -> new int[2]);
                int group = 0;
                for (JsonNode testGroup : json.readTree(file.toFile())) {
                    String where = file.getFileName() + " / " + testGroup.get("description").asText();
                    String location = "https://suite.invalid/" + file.getFileName() + "/" + group++;
                    if (!schemas.check(testGroup.get("schema"), location, JsonSchemaTestSuiteTest::remote)
                            .violations().isEmpty()) {
                        refusedGroups.add(where);
                    }
                    Schema compiled;
                    try {
                        compiled = schemas.compile(testGroup.get("schema"), location, JsonSchemaTestSuiteTest::remote);
                    } catch (RuntimeException e) {
                        for (JsonNode test : testGroup.get("tests")) {
                            counts[1]++;
                            failures.add(where + " / " + test.get("description").asText() + ": " + e.getMessage());
                        }
                        continue;
                    }
                    for (JsonNode test : testGroup.get("tests")) {
                        boolean expected = test.get("valid").asBoolean();
                        String outcome;
                        try {
                            boolean valid = schemas.validate(compiled, test.get("data")).isEmpty();
                            outcome = valid == expected ? null : "valid=" + valid + ", expected " + expected;
                        } catch (RuntimeException e) {
                            outcome = e.toString();
                        }
                        if (outcome == null) {
                            counts[0]++;
                        } else {
                            counts[1]++;
                            failures.add(where + " / " + test.get("description").asText() + ": " + outcome);
                        }
                    }
                }
            }
        }
        int passed = byFile.values().stream().mapToInt(c -> c[0]).sum();
        int total = byFile.values().stream().mapToInt(c -> c[0] + c[1]).sum();
        System.out.println("JSON-Schema-Test-Suite draft2020-12: " + passed + "/" + total + " passed; "
                + byFile.size() + " files; schemas this service would refuse to store: " + refusedGroups.size()
                + " " + refusedGroups);
        failures.forEach(failure -> System.out.println("  FAILED " + failure));

        assertThat(total).as("every required test of the vendored suite ran").isEqualTo(SUITE_TESTS);
        assertThat(failures).isEmpty();
        assertThat(refusedGroups).as("suite schemas a tenant could not store: boolean schemas (a stored schema is an "
                + "object) and custom meta-schemas (only the three dialects are spoken)").containsExactlyInAnyOrder(
                "boolean_schema.json / boolean schema 'true'", "boolean_schema.json / boolean schema 'false'",
                "vocabulary.json / schema that uses custom metaschema with with no validation vocabulary",
                "vocabulary.json / ignore unrecognized optional vocabulary");
    }

    /** A suite remote, as a stored schema would be served: by its IRI, from memory, or nothing. */
    private static String remote(String iri) {
        if (!iri.startsWith(REMOTES + "draft2020-12/")) {
            return null;
        }
        String name = "json-schema-test-suite/remotes/" + iri.substring(REMOTES.length());
        if (name.contains("..")) {
            return null;
        }
        try (InputStream in = JsonSchemaTestSuiteTest.class.getClassLoader().getResourceAsStream(name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path resource(String name) throws URISyntaxException {
        URL url = JsonSchemaTestSuiteTest.class.getClassLoader().getResource(name);
        assertThat(url).as(name).isNotNull();
        return Path.of(url.toURI());
    }
}
