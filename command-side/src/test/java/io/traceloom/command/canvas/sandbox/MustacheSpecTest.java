package io.traceloom.command.canvas.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Mustache spec's core sections (vendored under {@code mustache-spec/}), run through the canvas sandbox:
 * the sandbox must not break ordinary templates. Data is given as JSON, as render variables are. What does
 * not pass is what the sandbox refuses on purpose: the two tests of {@code delimiters} that load a partial.
 * ({@code partials} and {@code ~lambdas} are not vendored: the sandbox loads no partials and runs no code.)
 * docs/testing.md reports the counts this test prints.
 */
class MustacheSpecTest {

    private static final Map<String, Integer> EXPECTED_PASSES = new LinkedHashMap<>(Map.of(
            "interpolation", 42, "sections", 34, "inverted", 22, "comments", 12, "delimiters", 12));
    private static final List<String> REFUSED_ON_PURPOSE = List.of(
            "delimiters / Partial Inheritence", "delimiters / Post-Partial Behavior");

    private final ObjectMapper json = new ObjectMapper();
    private final CanvasSandbox sandbox = new CanvasSandbox();

    @Test
    void theCoreSectionsPassExceptWhatNeedsPartials() throws Exception {
        Map<String, Integer> passes = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        int total = 0;
        for (String section : EXPECTED_PASSES.keySet()) {
            JsonNode spec;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("mustache-spec/specs/" + section + ".json")) {
                assertThat(in).as(section).isNotNull();
                spec = json.readTree(in);
            }
            int passed = 0;
            for (JsonNode test : spec.get("tests")) {
                total++;
                String outcome;
                try {
                    String rendered = sandbox.render(sandbox.compile(test.get("template").asText()), test.get("data"),
                            1_000_000, Duration.ofSeconds(5));
                    outcome = rendered.equals(test.get("expected").asText()) ? null : "rendered " + rendered;
                } catch (RuntimeException e) {
                    outcome = e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                if (outcome == null) {
                    passed++;
                } else {
                    failures.add(section + " / " + test.get("name").asText() + ": " + outcome);
                }
            }
            passes.put(section, passed);
        }
        int passed = passes.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("Mustache spec (core sections) through the canvas sandbox: " + passed + "/" + total
                + " passed " + passes + "; not passed: " + failures);

        assertThat(passes).isEqualTo(EXPECTED_PASSES);
        assertThat(failures).hasSize(REFUSED_ON_PURPOSE.size()).allSatisfy(failure ->
                assertThat(REFUSED_ON_PURPOSE).anySatisfy(refused -> assertThat(failure).startsWith(refused + ":")));
    }
}
