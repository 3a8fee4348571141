package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heavy requests (renders, validations, credentials, audit log checkpoints, schemas, templates, tag sets) are served
 * only so many at once: with every place taken and no room to wait, the next is refused at once with 503,
 * {@code Retry-After} and problem+json, while other requests are served as ever; once a place is free, heavy requests
 * are served again.
 */
class HeavyRequestsTest {

    private static final Pattern SERVED = Pattern.compile("(?m)^traceloom_http_heavy_requests (\\S+)$");

    @TempDir
    Path dataDir;

    @Test
    void withEveryPlaceTakenAHeavyRequestIsRefusedWith503AndOthersAreServed() throws Exception {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, "--traceloom.http.max-heavy-requests=1",
                "--traceloom.http.max-waiting-heavy-requests=0", "--traceloom.schemas.validation-timeout=10s")) {
            Http http = traceloom.http();
            String slow = UUID.randomUUID().toString();
            assertThat(http.put("/schemas/" + slow, "{\"name\":\"ReDoS\",\"schema\":{\"pattern\":\"^(a+)+\\\\1$\"}}")
                    .status()).isEqualTo(201);
            // a catastrophic pattern: the validation runs until its deadline, holding the one place meanwhile
            CompletableFuture<Http.Response> holding = CompletableFuture.supplyAsync(() ->
                    http.post("/schemas/" + slow + "/validate", "\"" + "a".repeat(40) + "!\""));
            awaitServed(http, 1);

            Http.Response refused = http.post("/credentials/issue", "{}");
            // a checkpoint of the audit log is signed as a credential is, after reading what it newly covers
            Http.Response checkpoint = http.get("/audit/checkpoint");
            Http.Response other = http.post("/trade-item-tags", "{\"code\":\"LIGHT\",\"name\":\"Light\"}");

            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.contentType()).startsWith("application/problem+json");
            assertThat(refused.header("Retry-After")).isEqualTo("1");
            assertThat(refused.json().get("type").asText()).isEqualTo("urn:traceloom:problem:busy");
            assertThat(refused.json().get("detail").asText()).contains("traceloom.http.max-heavy-requests");
            assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(503);
            assertThat(checkpoint.json().get("type").asText()).isEqualTo("urn:traceloom:problem:busy");
            assertThat(other.status()).as("a request that is not heavy is served meanwhile").isEqualTo(201);
            assertThat(http.get("/audit/proofs/consistency?from=1").status()).as("nor is a proof")
                    .isNotEqualTo(503);

            assertThat(holding.get(60, TimeUnit.SECONDS).status()).as("stopped at its deadline").isEqualTo(400);
            awaitServed(http, 0);
            assertThat(http.post("/credentials/issue", "{}").status()).as("served once the place is free")
                    .isEqualTo(201);
            assertThat(http.get("/audit/checkpoint").status()).as("served once the place is free").isEqualTo(200);
            assertThat(http.get("/actuator/prometheus").body())
                    .containsPattern("(?m)^traceloom_http_heavy_requests_refused_total 2\\.0$");
        }
    }

    /** Polls the gauge of heavy requests being served until it reads {@code served}. */
    private static void awaitServed(Http http, int served) throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard, not a timing assertion
        while (System.nanoTime() < guard) {
            Matcher gauge = SERVED.matcher(http.get("/actuator/prometheus").body());
            if (gauge.find() && Double.parseDouble(gauge.group(1)) == served) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("heavy requests served never read " + served);
    }
}
