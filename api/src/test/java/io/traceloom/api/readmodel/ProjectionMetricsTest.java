package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Multipart;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.Samples;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.api.support.Waits;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.axonframework.messaging.timeout.HandlerTimeoutHandlerEnhancerDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

/** {@code /actuator/prometheus}: HTTP server, Axon and per-projection meters, in Prometheus' text format. */
class ProjectionMetricsTest {

    /** Where the meters are documented. */
    static final Path OPERATIONS = Path.of("..", "docs", "operations.md");

    private final Http http = SharedTraceloom.get().http();

    @Test
    void everyProjectionHasItsLagFailureAndReplayMeters() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));
        // the audit log's appender extends the log by itself about a second after a write, and every projection is
        // then one event behind until it has passed over that append: idle means both have happened
        AuditFeeds.awaitAppended(SharedTraceloom.get());
        Http.Response metrics = Waits.until(http, "/actuator/prometheus", "show the projections idle",
                answer -> Stream.of("trade-item-tags", "trade-items", "credentials").allMatch(projection ->
                        answer.body().contains("traceloom_projection_lag_events{projection=\"" + projection + "\"} 0.0")),
                Duration.ofSeconds(60), () -> true, () -> "");

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
                .contains("commandBus_successTimer_seconds_count{payloadType=\"CreateTradeItemTag\"}")
                .contains("eventProcessor_latency{processorName=\"trade-item-tags\"}")
                .contains("eventProcessor_successTimer_seconds_count{processorName=\"trade-items\"}")
                .doesNotContain("eventProcessor_successTimer_seconds_count{payloadType=")
                .doesNotContain("Counter_total");
    }

    /**
     * The scrape is as large as the kinds of commands and queries, not as the events: a projection's meters are
     * its own, not one set per type of event it handled or ignored (on main: 2.4 MB after a few hundred writes,
     * most of it timers for events projections ignore), Axon's timers keep count, sum and max (a percentile a
     * process computes for itself is one no deployment of replicas can add up), and its counters, which count
     * what the timers count, are not kept. In an application of its own, so that the scrape holds this test's
     * requests only: every kind of write and read, a few hundred. Every meter the operations page names is there.
     */
    @Test
    void theScrapeStaysSmallWhateverTheEventsAndHoldsEveryDocumentedMeter(@TempDir Path dataDir) throws IOException {
        try (RunningTraceloom own = RunningTraceloom.start(dataDir)) {
            Http http = own.http();
            useEveryKind(http);
            int before = http.get("/actuator/prometheus").body().length();
            int requests = 0;
            for (int round = 0; round < 10; round++) {
                requests += useEveryKind(http);
            }
            String scrape = http.get("/actuator/prometheus").body();
            System.out.printf("ProjectionMetricsTest: the scrape is %,d bytes, %,d lines after %d requests%n",
                    scrape.length(), scrape.lines().count(), requests + 42);

            assertThat(requests).isGreaterThan(300);
            assertThat(scrape.length()).as("bytes of the scrape").isLessThan(200 * 1024);
            assertThat((scrape.length() - before) / (double) requests).as("bytes the scrape grew by per request")
                    .isLessThan(10);
            assertThat(scrape).doesNotContain("quantile=");
            Set<String> names = scrape.lines().filter(line -> !line.startsWith("#") && !line.isBlank())
                    .map(line -> line.split("[{ ]", 2)[0]).collect(Collectors.toCollection(TreeSet::new));
            for (String documented : documentedMeters()) {
                boolean family = documented.endsWith("*");
                String prefix = family ? documented.substring(0, documented.length() - 1) : documented;
                assertThat(names).as("meters the operations page names: %s", documented)
                        .anyMatch(name -> family ? name.startsWith(prefix)
                                : name.equals(prefix) || name.startsWith(prefix + "_"));
            }
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

    /** Every kind of write and read, with a refusal or two; answers how many requests it made. */
    private static int useEveryKind(Http http) {
        String code = SharedTraceloom.unique("SCRAPE");
        String tag = Fixtures.createTag(http, code).get("id").asText();
        String item = created(http.post("/trade-items",
                "{\"name\":\"Scraped\",\"tradeItemTag\":\"" + code + "\"}"));
        ok(http.get("/trade-items/" + item));
        ok(http.get("/trade-items?limit=5"));
        ok(http.get("/trade-items/" + item + "/history"));
        ok(http.get("/trade-items/" + item + "?asOf=" + Instant.now()));
        assertThat(http.post("/trade-items", "{\"name\":\"X\",\"tradeItemTag\":\"NO-SUCH\"}").status())
                .isEqualTo(400);
        assertThat(http.get("/trade-items/" + UUID.randomUUID()).status()).isEqualTo(404);
        ok(http.delete("/trade-items/" + item));
        ok(http.get("/trade-item-tags/" + tag));
        ok(http.delete("/trade-item-tags/" + tag));
        ok(http.post("/trade-item-tags/set", "[{\"code\":\"" + code + "\",\"name\":\"Set\"}]"));
        String partner = created(http.post("/partner-tags",
                "{\"code\":\"" + code + "\",\"name\":\"Partner\"}"));
        ok(http.get("/partner-tags?page=1&limit=5"));
        ok(http.delete("/partner-tags/" + partner));
        ok(http.post("/partner-tags/set", "[{\"code\":\"" + code + "\",\"name\":\"Set\"}]"));
        String commission = created(http.post("/custody-commissions",
                "{\"identifier\":\"" + code + "\",\"registeredConsumers\":[\"c\"]}"));
        ok(http.post("/custody-commissions/consume", "{\"identifier\":\"" + code + "\",\"consumedBy\":\"c\"}"));
        ok(http.get("/custody-commissions/" + commission));
        String schema = UUID.randomUUID().toString();
        created(http.put("/schemas/" + schema, "{\"name\":\"S\",\"schema\":{\"type\":\"object\"}}"));
        ok(http.post("/schemas/" + schema + "/validate", "{\"lot\":\"L1\"}"));
        String template = created(http.post("/canvas-templates",
                "{\"name\":\"T\",\"template\":\"<p>{{lot}}</p>\",\"schemaId\":\"" + schema + "\"}"));
        ok(http.get("/canvas-templates/" + template));
        String render = created(http.post("/canvas-templates/" + template + "/render", "{\"lot\":\"L1\"}"));
        ok(http.get("/canvas-template-instances/" + render));
        String gtin = Gs1Keys.gtin();
        created(http.put("/link-sets/" + code, "{\"identifier\":\"01/" + gtin + "\",\"links\":"
                + "[{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/p\",\"title\":\"P\"}]}"));
        assertThat(http.get("/01/" + gtin).status()).as("the resolver").isEqualTo(307);
        ok(http.delete("/link-sets/" + code));
        String file = created(http.upload("/files", Multipart.file("icon.png", "image/png", Samples.PNG)));
        ok(http.send("PATCH", "/files/" + file, "application/json",
                BodyPublishers.ofString("{\"key\":\"renamed.png\"}")));
        assertThat(http.getBytes("/files/" + file + "/content").status()).isEqualTo(200);
        ok(http.get("/files/" + file));
        ok(http.post("/organization-themes", "{\"color\":\"#1A73E8\",\"icon\":\"" + file + "\"}"));
        Http.Response issued = http.post("/credentials/issue",
                "{\"credentialSubject\":{\"id\":\"urn:x:" + code + "\"}}");
        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        JsonNode credential = issued.json().get("credential");
        ok(http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}"));
        String credentialId = credential.get("id").asText().replace("urn:uuid:", "");
        created(http.post("/credentials/" + credentialId + "/revoke", ""));
        ok(http.get("/credentials?status=revoked&limit=5"));
        ok(http.get("/auth/tenant-users"));
        ok(http.put("/admin/tenants/" + code, "{\"name\":\"Tenant\"}"));
        ok(http.get("/audit/events?limit=5"));
        created(http.post("/trade-items", "{\"name\":\"Once\"}", "Idempotency-Key", code));
        created(http.post("/trade-items", "{\"name\":\"Once\"}", "Idempotency-Key", code));
        return 42;
    }

    private static String created(Http.Response answer) {
        assertThat(answer.status()).as(answer.body()).isIn(200, 201);
        return answer.json().path("id").asText();
    }

    private static void ok(Http.Response answer) {
        assertThat(answer.status()).as(answer.body()).isIn(200, 201, 204);
    }

    /** What docs/operations.md says is off for its cost on every request stays off (BENCHMARKS.md has the cost). */
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
