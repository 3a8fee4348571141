package io.traceloom.api.idempotency;

import static io.traceloom.api.support.SharedTraceloom.unique;
import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Idempotency-Key on every POST: a retry gets the first answer and changes nothing. */
class IdempotencyKeyApiTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static String newKey() {
        return UUID.randomUUID().toString();
    }

    private static long items() {
        return Long.parseLong(http.get("/trade-items?limit=1").header("X-Total-Count"));
    }

    @Test
    void aRetryGetsTheFirstAnswerAndChangesNothing() {
        String key = newKey();
        String body = "{\"name\":\"" + unique("Once") + "\"}";
        Response first = http.post("/trade-items", body, "Idempotency-Key", key);
        assertThat(first.status()).isEqualTo(201);
        long after = items();

        Response retry = http.post("/trade-items", body, "Idempotency-Key", key);

        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
        assertThat(retry.header("ETag")).isEqualTo(first.header("ETag"));
        assertThat(retry.contentType()).isEqualTo(first.contentType());
        assertThat(retry.json()).isEqualTo(first.json());
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(items()).isEqualTo(after);
    }

    @Test
    void theKeyMayBeSentAsAStructuredFieldString() {
        String key = newKey();
        String body = "{\"name\":\"" + unique("Quoted") + "\"}";
        Response first = http.post("/trade-items", body, "Idempotency-Key", key);

        Response retry = http.post("/trade-items", body, "Idempotency-Key", "\"" + key + "\"");

        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
    }

    @Test
    void everyPostHasIt() {
        String tagKey = newKey();
        String tag = "{\"code\":\"" + unique("IDEM") + "\",\"name\":\"Once\"}";
        Response tagCreated = http.post("/trade-item-tags", tag, "Idempotency-Key", tagKey);
        Response tagRetried = http.post("/trade-item-tags", tag, "Idempotency-Key", tagKey);
        assertThat(tagRetried.status()).as("not 409: the retry is the same request").isEqualTo(201);
        assertThat(tagRetried.json()).isEqualTo(tagCreated.json());

        String credentialKey = newKey();
        Response issued = http.post("/credentials/issue", "{}", "Idempotency-Key", credentialKey);
        Response reissued = http.post("/credentials/issue", "{}", "Idempotency-Key", credentialKey);
        assertThat(issued.status()).isEqualTo(201);
        assertThat(reissued.status()).isEqualTo(201);
        assertThat(reissued.json()).isEqualTo(issued.json());
    }

    @Test
    void theSameKeyForAnotherRequestIsRefused() {
        String key = newKey();
        assertThat(http.post("/trade-items", "{\"name\":\"" + unique("A") + "\"}", "Idempotency-Key", key)
                .status()).isEqualTo(201);
        long after = items();

        Response other = http.post("/trade-items", "{\"name\":\"" + unique("B") + "\"}", "Idempotency-Key", key);

        assertThat(other.status()).isEqualTo(422);
        assertThat(other.contentType()).startsWith("application/problem+json");
        assertThat(other.json().get("type").asText()).endsWith("idempotency-key-reused");
        assertThat(items()).isEqualTo(after);
    }

    /**
     * Requests are compared by what their JSON says: the order of an object's members and the white space
     * between tokens say nothing, so a client that rebuilt the body from a map for its retry sends the same
     * request. Any value changed is another request, also one written another way with another meaning to
     * the service ({@code 1.0}, a double, is not the integer {@code 1} in a signed credential).
     */
    @Test
    void theSameJsonInAnotherOrderIsTheSameRequestAndAChangedValueIsNot() {
        String key = newKey();
        String id = "urn:example:" + UUID.randomUUID();
        Response issued = http.post("/credentials/issue", "{\"credentialSubject\":{\"id\":\"" + id + "\",\"lot\":\"L1\","
                + "\"weight\":{\"value\":1,\"unit\":\"kg\"},\"tags\":[\"a\",\"b\"]},\"type\":[\"VerifiableCredential\"]}",
                "Idempotency-Key", key);
        assertThat(issued.status()).as(issued.body()).isEqualTo(201);

        Response retry = http.post("/credentials/issue", "{ \"type\" : [ \"VerifiableCredential\" ],\n"
                + "  \"credentialSubject\" : { \"tags\" : [ \"a\", \"b\" ], \"weight\" : { \"unit\" : \"kg\", \"value\" : 1 },\n"
                + "    \"lot\" : \"L1\", \"id\" : \"" + id + "\" } }\n", "Idempotency-Key", key);

        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.header("Location")).isEqualTo(issued.header("Location"));
        for (String changed : List.of("\"value\":2", "\"value\":1.0", "\"value\":\"1\"")) {
            Response other = http.post("/credentials/issue", "{\"type\":[\"VerifiableCredential\"],\"credentialSubject\":{"
                    + "\"id\":\"" + id + "\",\"lot\":\"L1\",\"weight\":{\"unit\":\"kg\"," + changed + "},\"tags\":[\"a\",\"b\"]}}",
                    "Idempotency-Key", key);
            assertThat(other.status()).as(changed + ": " + other.body()).isEqualTo(422);
        }
        Response reordered = http.post("/credentials/issue", "{\"type\":[\"VerifiableCredential\"],\"credentialSubject\":{"
                + "\"id\":\"" + id + "\",\"lot\":\"L1\",\"weight\":{\"unit\":\"kg\",\"value\":1},\"tags\":[\"b\",\"a\"]}}",
                "Idempotency-Key", key);
        assertThat(reordered.status()).as("an array's order is its meaning").isEqualTo(422);
    }

    @Test
    void concurrentDuplicatesDoNotBothRun() throws Exception {
        String key = newKey();
        String body = "{\"name\":\"" + unique("Racing") + "\"}";
        long before = items();
        int clients = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Response>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return http.post("/trade-items", body, "Idempotency-Key", key);
                }));
            }
            start.countDown();
            List<String> locations = new ArrayList<>();
            for (Future<Response> answer : answers) {
                Response response = answer.get(60, TimeUnit.SECONDS);
                assertThat(response.status()).as(response.body()).isIn(201, 202, 409);
                if (response.status() == 201) {
                    locations.add(response.header("Location"));
                } else if (response.status() == 202) {
                    // the first attempt's change is made, its answer not recorded yet: where it is
                    assertThat(response.json().get("type").asText()).endsWith("read-model-lag");
                    assertThat(response.header("Retry-After")).isNotNull();
                    locations.add(response.header("Location"));
                } else {
                    assertThat(response.json().get("type").asText()).endsWith("idempotency-key-in-use");
                    assertThat(response.header("Retry-After")).isNotNull();
                }
            }
            assertThat(locations).isNotEmpty().allMatch(locations.get(0)::equals);
        } finally {
            pool.shutdownNow();
        }
        assertThat(items()).isEqualTo(before + 1);
        assertThat(http.post("/trade-items", body, "Idempotency-Key", key).status()).isEqualTo(201);
        assertThat(items()).isEqualTo(before + 1);
    }

    /**
     * A request whose change committed, with its key's claim, but whose answer was never recorded (the process died
     * between the two, or the record failed): its retry is told where the change is, at once and for as long as
     * the key lives, rather than 409 for 24 hours. The lost request is played by sending its command with the key
     * as the API does, and recording nothing.
     */
    @Test
    void aChangeWhoseAnswerWasNeverRecordedIsAnsweredOnRetry() throws Exception {
        String key = newKey();
        String body = "{\"name\":\"" + unique("Lost answer") + "\"}";
        String id = UUID.randomUUID().toString();
        String location = http.baseUrl() + "/trade-items/" + id;
        String tenant = SharedTraceloom.get().bean(io.traceloom.api.settings.ApiProperties.class).security().local()
                .tenantId();
        String fingerprint = IdempotencyFilter.meaningOf("POST /trade-items?\n", "application/json",
                body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        SharedTraceloom.get().bean(org.axonframework.commandhandling.gateway.CommandGateway.class).sendAndWait(
                org.axonframework.commandhandling.GenericCommandMessage.asCommandMessage(
                        new io.traceloom.kernel.tradeitem.CreateTradeItem(tenant, id, "Lost answer", null))
                        .andMetaData(java.util.Map.of("idempotencyKey", key, "idempotencyFingerprint", fingerprint,
                                "idempotencyAttempt", UUID.randomUUID().toString(),
                                "idempotencyLocation", location, "idempotencyResourceId", id)));
        io.traceloom.api.support.Waits.until(http, "/trade-items/" + id, "show the change", answer -> answer.status() == 200,
                java.time.Duration.ofSeconds(30), () -> true, () -> "");
        long before = items();

        for (int retry = 0; retry < 2; retry++) {
            Response retried = http.post("/trade-items", body, "Idempotency-Key", key);
            assertThat(retried.status()).as(retried.body()).isEqualTo(202);
            assertThat(retried.header("Location")).isEqualTo(location);
            assertThat(retried.header("Retry-After")).isNotNull();
            assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
            assertThat(retried.json().get("type").asText()).endsWith("read-model-lag");
            assertThat(retried.json().get("id").asText()).isEqualTo(id);
        }
        assertThat(items()).as("the retries changed nothing").isEqualTo(before);
    }

    @Test
    void aRequestWhoseCommandWasRefusedHoldsNoKey() {
        String key = newKey();
        Response refused = http.post("/trade-items",
                "{\"name\":\"Pears\",\"tradeItemTag\":\"" + unique("NOPE") + "\"}", "Idempotency-Key", key);
        assertThat(refused.status()).isEqualTo(400);

        String code = Fixtures.createTag(http, unique("NOW")).get("code").asText();
        Response corrected = http.post("/trade-items",
                "{\"name\":\"Pears\",\"tradeItemTag\":\"" + code + "\"}", "Idempotency-Key", key);

        assertThat(corrected.status()).as("the key was free: the first request's command was refused").isEqualTo(201);
    }

    @Test
    void aKeyIsVisibleAsciiOfAtMost255Characters() {
        for (String key : List.of("a".repeat(256), "two words", "\"\"")) {
            Response response = http.post("/trade-items", "{\"name\":\"Never\"}", "Idempotency-Key", key);
            assertThat(response.status()).as(key).isEqualTo(400);
            assertThat(response.json().at("/errors/0/field").asText()).isEqualTo("Idempotency-Key");
        }
        assertThat(http.post("/trade-items", "{\"name\":\"" + unique("Long key") + "\"}",
                "Idempotency-Key", "k".repeat(255)).status()).isEqualTo(201);
    }

    @Test
    void aLargeAnswerIsReplayedWithoutItsBody() {
        String key = newKey();
        String subject = "{\"credentialSubject\":{\"id\":\"urn:example:big\",\"notes\":\""
                + "x".repeat(IdempotencyFilter.MAX_STORED_BODY) + "\"}}";
        Response issued = http.post("/credentials/issue", subject, "Idempotency-Key", key);
        assertThat(issued.status()).as(issued.body()).isEqualTo(201);

        Response retry = http.post("/credentials/issue", subject, "Idempotency-Key", key);

        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Location")).isEqualTo(issued.header("Location"));
        assertThat(retry.body()).isEmpty();
    }
}
