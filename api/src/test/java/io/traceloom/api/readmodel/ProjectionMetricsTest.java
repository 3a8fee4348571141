package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.axonframework.messaging.timeout.HandlerTimeoutHandlerEnhancerDefinition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

/** {@code /actuator/prometheus}: HTTP server, Axon and per-projection meters, in Prometheus' text format. */
class ProjectionMetricsTest {

    /** Where the meters are documented. */
    static final Path OPERATIONS = Path.of("..", "docs", "operations.md");

    private final Http http = SharedTraceloom.get().http();

    @Test
    void everyProjectionHasItsLagFailureAndReplayMeters() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        Http.Response metrics = http.get("/actuator/prometheus");

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.contentType()).startsWith("text/plain");
        for (String projection : new String[] {"trade-item-tags", "trade-items", "credentials"}) {
            String tag = "{projection=\"" + projection + "\"}";
            assertThat(metrics.body())
                    .contains("traceloom_projection_lag_events" + tag + " 0.0")
                    .contains("traceloom_projection_failing" + tag + " 0.0")
                    .contains("traceloom_projection_failures_total" + tag + " 0.0")
                    .contains("traceloom_projection_replaying" + tag + " 0.0");
        }
    }

    @Test
    void httpServerAndAxonMeters() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        String metrics = http.get("/actuator/prometheus").body();

        assertThat(metrics).contains("http_server_requests_seconds_count{")
                .contains("uri=\"/trade-item-tags\"")
                .contains("commandBus_successCounter_total{payloadType=\"CreateTradeItemTag\"}")
                .contains("eventProcessor_latency{processorName=\"trade-item-tags\"}")
                .contains("eventProcessor_successCounter_total{processorName=\"trade-items\"}")
                .doesNotContain("eventProcessor_successCounter_total{payloadType=");
    }

    /**
     * The scrape is as large as the kinds of commands and queries, not as the events: a projection's meters are
     * its own, not one set per type of event it handled or ignored (on main: 2.5 MB after 40 events, 18,832 lines
     * of timers for events projections ignore), and Axon's timers keep count, sum and max (a percentile a
     * process computes for itself is one no deployment of replicas can add up). Every meter the operations page
     * names is there.
     */
    @Test
    void theScrapeStaysSmallWhateverTheEventsAndHoldsEveryDocumentedMeter() throws IOException {
        writeEveryKind();
        int before = http.get("/actuator/prometheus").body().length();
        int writes = 0;
        for (int round = 0; round < 12; round++) {
            writes += writeEveryKind();
        }
        String scrape = http.get("/actuator/prometheus").body();

        assertThat(writes).isGreaterThan(200);
        assertThat(scrape.length()).as("bytes of the scrape").isLessThan(200 * 1024);
        assertThat((scrape.length() - before) / (double) writes).as("bytes the scrape grew by per write")
                .isLessThan(10);
        assertThat(scrape).doesNotContain("quantile=");
        Set<String> names = scrape.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toCollection(TreeSet::new));
        for (String documented : documentedMeters()) {
            String prefix = documented.endsWith("*") ? documented.substring(0, documented.length() - 1) : documented;
            assertThat(names).as("meters the operations page names: %s", documented)
                    .anyMatch(name -> documented.endsWith("*") ? name.startsWith(prefix) : name.equals(prefix)
                            || name.startsWith(prefix + "_"));
        }
    }

    /** The meters the metrics table names ({@code | `name` |}, or several in one cell, {@code `a_*`} a family). */
    static List<String> documentedMeters() throws IOException {
        String page = Files.readString(OPERATIONS);
        String table = page.substring(page.indexOf("| meter |"));
        table = table.substring(0, table.indexOf("\n\n"));
        List<String> meters = new ArrayList<>();
        for (String row : table.lines().skip(2).toList()) {
            Matcher names = Pattern.compile("`([a-zA-Z_*]+)`").matcher(row.split("\\|")[1]);
            while (names.find()) {
                meters.add(names.group(1));
            }
        }
        assertThat(meters).contains("http_server_requests_seconds", "traceloom_projection_lag_events");
        return meters;
    }

    /** One write of every kind the shared tenant may hold (no theme, no catalogue set: those reach the tenant). */
    private int writeEveryKind() {
        String code = SharedTraceloom.unique("SCRAPE");
        String tag = Fixtures.createTag(http, code).get("id").asText();
        String item = created(http.post("/trade-items", "{\"name\":\"Scraped\",\"tradeItemTag\":\"" + code + "\"}"));
        ok(http.delete("/trade-items/" + item));
        ok(http.delete("/trade-item-tags/" + tag));
        String partner = created(http.post("/partner-tags", "{\"code\":\"" + code + "\",\"name\":\"Partner\"}"));
        ok(http.delete("/partner-tags/" + partner));
        created(http.post("/custody-commissions", "{\"identifier\":\"" + code + "\",\"registeredConsumers\":[\"c\"]}"));
        ok(http.post("/custody-commissions/consume", "{\"identifier\":\"" + code + "\",\"consumedBy\":\"c\"}"));
        String schema = UUID.randomUUID().toString();
        created(http.put("/schemas/" + schema, "{\"name\":\"S\",\"schema\":{\"type\":\"object\"}}"));
        String template = created(http.post("/canvas-templates",
                "{\"name\":\"T\",\"template\":\"<p>{{lot}}</p>\",\"schemaId\":\"" + schema + "\"}"));
        created(http.post("/canvas-templates/" + template + "/render", "{\"lot\":\"L1\"}"));
        created(http.put("/link-sets/" + code, "{\"identifier\":\"01/" + Gs1Keys.gtin() + "\",\"links\":"
                + "[{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\",\"title\":\"P\"}]}"));
        ok(http.delete("/link-sets/" + code));
        String file = created(http.upload("/files", Multipart.file("icon.png", "image/png", Samples.PNG)));
        ok(http.send("PATCH", "/files/" + file, "application/json", BodyPublishers.ofString("{\"key\":\"renamed.png\"}")));
        JsonNode credential = http.post("/credentials/issue", "{\"credentialSubject\":{\"id\":\"urn:x:" + code + "\"}}")
                .json().get("credential");
        String credentialId = credential.get("id").asText().replace("urn:uuid:", "");
        created(http.post("/credentials/" + credentialId + "/revoke", ""));
        created(http.post("/trade-items", "{\"name\":\"Once\"}", "Idempotency-Key", code));
        return 20;
    }

    private static String created(Http.Response answer) {
        assertThat(answer.status()).as(answer.body()).isIn(200, 201);
        return answer.json().path("id").asText();
    }

    private static void ok(Http.Response answer) {
        assertThat(answer.status()).as(answer.body()).isIn(200, 204);
    }

    /** What the README says is off for its cost on every request stays off (BENCHMARKS.md has the cost). */
    @Test
    void springSecuritysFilterObservationsAndAxonsTimeoutsAreOff() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        assertThat(http.get("/actuator/prometheus").body())
                .contains("http_server_requests_seconds_count{")
                .doesNotContain("spring_security_filterchains")
                .doesNotContain("spring_security_http_secured_requests");
        assertThatThrownBy(() -> SharedTraceloom.get().bean(HandlerTimeoutHandlerEnhancerDefinition.class))
                .isInstanceOf(NoSuchBeanDefinitionException.class);
    }
}
