package io.traceloom.api.custody;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Custody commissions over HTTP, each test as a tenant of its own. */
class CustodyCommissionApiTest {

    private static final String UTC_TIMESTAMP = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z";
    private static final String COMMISSIONS = "/custody-commissions";

    private static RunningTraceloom traceloom;
    private static Http http;
    private String tenantId;

    @BeforeAll
    static void start() {
        traceloom = SharedTraceloom.get();
        http = traceloom.http();
    }

    @BeforeEach
    void freshTenant() {
        tenantId = UUID.randomUUID().toString();
    }

    private String[] as(String... headers) {
        return actingFor(tenantId, headers);
    }

    private Response create(String identifier, String... consumers) {
        return http.post(COMMISSIONS, "{\"identifier\":\"" + identifier + "\",\"registeredConsumers\":"
                + json(consumers) + "}", as());
    }

    private Response consume(String identifier, String consumedBy) {
        return http.post(COMMISSIONS + "/consume",
                "{\"identifier\":\"" + identifier + "\",\"consumedBy\":\"" + consumedBy + "\"}", as());
    }

    private static String json(String... values) {
        List<String> quoted = new ArrayList<>();
        for (String value : values) {
            quoted.add("\"" + value + "\"");
        }
        return "[" + String.join(",", quoted) + "]";
    }

    private static List<String> fields(Response problem) {
        return problem.json().get("errors").findValuesAsText("field");
    }

    @Test
    void aCreatedCommissionIsOpenAndReadableAtOnce() {
        Response created = create("SSCC-1", "carrier-b", "carrier-a");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode commission = created.json();
        assertThat(Fixtures.fieldNames(commission)).containsExactly("id", "identifier", "registeredConsumers",
                "createdAt", "updatedAt", "consumedBy", "consumedAt");
        assertThat(commission.get("identifier").asText()).isEqualTo("SSCC-1");
        assertThat(commission.get("registeredConsumers").toString()).isEqualTo("[\"carrier-b\",\"carrier-a\"]");
        assertThat(commission.get("createdAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(commission.get("updatedAt")).isEqualTo(commission.get("createdAt"));
        assertThat(commission.get("consumedBy").isNull()).isTrue();
        assertThat(commission.get("consumedAt").isNull()).isTrue();
        String path = COMMISSIONS + "/" + commission.get("id").asText();
        assertThat(created.header("Location")).endsWith(path);

        Response read = http.get(path, as());
        assertThat(read.json()).isEqualTo(commission);
        assertThat(read.header("ETag")).isEqualTo(created.header("ETag"));
        assertThat(http.get(path, as("If-None-Match", created.header("ETag"))).status()).isEqualTo(304);
    }

    @Test
    void anIdentifierIsUniqueInItsTenantOnly() {
        create("SSCC-1", "a");

        Response again = create("SSCC-1", "b");
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.contentType()).startsWith("application/problem+json");
        assertThat(fields(again)).containsExactly("identifier");

        Response theirs = http.post(COMMISSIONS, "{\"identifier\":\"SSCC-1\",\"registeredConsumers\":[\"a\"]}",
                actingFor(UUID.randomUUID().toString()));
        assertThat(theirs.status()).isEqualTo(201);
        assertThat(http.get(COMMISSIONS, as()).json()).hasSize(1);
    }

    @Test
    void badCommissionsAreRefusedNamingTheFieldAndStoreNothing() {
        assertThat(fields(http.post(COMMISSIONS, "{\"registeredConsumers\":[\"a\"]}", as()))).containsExactly("identifier");
        assertThat(fields(create(" SSCC", "a"))).containsExactly("identifier");
        assertThat(fields(http.post(COMMISSIONS, "{\"identifier\":\"S\"}", as()))).containsExactly("registeredConsumers");
        assertThat(fields(create("S"))).containsExactly("registeredConsumers");
        assertThat(fields(create("S", "a", ""))).containsExactly("registeredConsumers[1]");
        assertThat(fields(create("S", "a", "b", "a"))).containsExactly("registeredConsumers[2]");
        assertThat(fields(http.post(COMMISSIONS, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\",7]}", as())))
                .containsExactly("registeredConsumers[1]");
        assertThat(fields(http.post(COMMISSIONS, "{\"identifier\":\"S\",\"registeredConsumers\":[\"a\"],"
                + "\"consumedBy\":\"a\"}", as()))).containsExactly("consumedBy");

        assertThat(http.get(COMMISSIONS, as()).json()).isEmpty();
        assertThat(create("S", "a").status()).as("the identifier was never claimed").isEqualTo(201);
    }

    @Test
    void aRegisteredConsumerConsumesItOnceAndThenItIsNothingToConsume() {
        JsonNode commission = create("SSCC-2", "carrier-a", "carrier-b").json();
        String path = COMMISSIONS + "/" + commission.get("id").asText();

        Response consumed = consume("SSCC-2", "carrier-b");

        assertThat(consumed.status()).as(consumed.body()).isEqualTo(200);
        JsonNode record = consumed.json();
        assertThat(record.get("id")).isEqualTo(commission.get("id"));
        assertThat(record.get("consumedBy").asText()).isEqualTo("carrier-b");
        assertThat(record.get("consumedAt").asText()).matches(UTC_TIMESTAMP);
        assertThat(record.get("updatedAt")).isEqualTo(record.get("consumedAt"));
        assertThat(consumed.header("Content-Location")).endsWith(path);
        assertThat(http.get(path, as()).json()).isEqualTo(record);

        Response again = consume("SSCC-2", "carrier-a");
        Response unknown = consume("SSCC-NONE", "carrier-a");
        assertThat(again.status()).isEqualTo(404);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(again.json().get("detail").asText()).isEqualTo(
                "There is no custody commission with identifier 'SSCC-2' to consume.");
        assertThat(consume("SSCC-2", "not-registered").status()).as("consumed: nothing more to learn").isEqualTo(404);
        assertThat(http.get(path, as()).json()).isEqualTo(record);
    }

    @Test
    void onlyARegisteredConsumerMayConsume() {
        JsonNode commission = create("SSCC-3", "carrier-a").json();

        Response stranger = consume("SSCC-3", "carrier-z");

        assertThat(stranger.status()).isEqualTo(400);
        assertThat(fields(stranger)).containsExactly("consumedBy");
        assertThat(http.get(COMMISSIONS + "/" + commission.get("id").asText(), as()).json().get("consumedBy").isNull())
                .isTrue();
        assertThat(fields(http.post(COMMISSIONS + "/consume", "{\"identifier\":\"SSCC-3\"}", as())))
                .containsExactly("consumedBy");
    }

    @Test
    void anotherTenantCannotConsumeIt() {
        create("SSCC-4", "carrier-a");

        Response theirs = http.post(COMMISSIONS + "/consume",
                "{\"identifier\":\"SSCC-4\",\"consumedBy\":\"carrier-a\"}", actingFor(UUID.randomUUID().toString()));

        assertThat(theirs.status()).isEqualTo(404);
        assertThat(consume("SSCC-4", "carrier-a").status()).isEqualTo(200);
    }

    /**
     * Of consumers racing for one commission, exactly one wins, again and again; the store holds exactly one
     * consumption of each commission.
     */
    @Test
    void ofThirtyTwoConcurrentConsumesExactlyOneSucceeds() throws Exception {
        int consumers = 32;
        ExecutorService threads = Executors.newFixedThreadPool(consumers);
        try {
            for (int round = 0; round < 3; round++) {
                String identifier = "SSCC-RACE-" + round;
                String[] names = new String[consumers];
                for (int i = 0; i < consumers; i++) {
                    names[i] = "carrier-" + i;
                }
                String id = create(identifier, names).json().get("id").asText();
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Response>> attempts = new ArrayList<>();
                for (String name : names) {
                    attempts.add(threads.submit(() -> {
                        start.await();
                        return consume(identifier, name);
                    }));
                }
                start.countDown();

                List<Integer> statuses = new ArrayList<>();
                List<String> winners = new ArrayList<>();
                for (Future<Response> attempt : attempts) {
                    Response response = attempt.get(60, TimeUnit.SECONDS);
                    statuses.add(response.status());
                    if (response.status() == 200) {
                        winners.add(response.json().get("consumedBy").asText());
                    }
                }
                assertThat(statuses).as("round " + round).containsOnly(200, 404);
                assertThat(winners).as("round " + round).hasSize(1);
                assertThat(http.get(COMMISSIONS + "/" + id, as()).json().get("consumedBy").asText())
                        .isEqualTo(winners.get(0));
                assertThat(traceloom.bean(EventStore.class).readEvents(id).asStream()
                        .filter(event -> event.getPayload() instanceof CustodyCommissionConsumed))
                        .as("round " + round + ": consumptions recorded").hasSize(1);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * A consume racing a delete of the same commission is a race one of them wins, never a failure: the consume
     * (200, or 404 when the delete won) and the delete (204, or 409 when the consume won) answer as the store
     * decided, and each commission ends either consumed or deleted. Issue 26: the consume locked the identifier
     * then the commission, the delete the other way round, and a detected deadlock answered 500.
     */
    @Test
    void sixtyConsumesRacingDeletesAnswerOnlyAsTheRaceWasDecided() throws Exception {
        int races = 60;
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<String> ids = new ArrayList<>();
            for (int race = 0; race < races; race++) {
                Response created = create("SSCC-CONSUME-DELETE-" + race, "carrier-a");
                assertThat(created.status()).as(created.body()).isEqualTo(201);
                ids.add(created.json().get("id").asText());
            }
            List<Future<Response>> consumes = new ArrayList<>();
            List<Future<Response>> deletes = new ArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            for (int race = 0; race < races; race++) {
                String identifier = "SSCC-CONSUME-DELETE-" + race;
                String path = COMMISSIONS + "/" + ids.get(race);
                consumes.add(threads.submit(() -> {
                    start.await();
                    return consume(identifier, "carrier-a");
                }));
                deletes.add(threads.submit(() -> {
                    start.await();
                    return http.delete(path, as());
                }));
            }
            start.countDown();

            List<String> answers = new ArrayList<>();
            for (int race = 0; race < races; race++) {
                Response consumed = consumes.get(race).get(2, TimeUnit.MINUTES);
                Response deleted = deletes.get(race).get(2, TimeUnit.MINUTES);
                answers.add(consumed.status() + "/" + deleted.status());
                assertThat(consumed.status()).as("consume of race %s: %s", race, consumed.body()).isIn(200, 404, 409);
                assertThat(deleted.status()).as("delete of race %s: %s", race, deleted.body()).isIn(204, 404, 409);
                // at most one of them changed the commission, and it is as that one left it
                assertThat(consumed.status() == 200 && deleted.status() == 204).as("race %s: both won", race).isFalse();
                Response after = http.get(COMMISSIONS + "/" + ids.get(race), as());
                assertThat(after.status()).as("race %s", race).isEqualTo(deleted.status() == 204 ? 404 : 200);
                if (consumed.status() == 200) {
                    assertThat(after.json().get("consumedBy").asText()).isEqualTo("carrier-a");
                }
            }
            System.out.println("consume/delete answers: " + answers.stream()
                    .collect(java.util.stream.Collectors.groupingBy(answer -> answer, java.util.TreeMap::new,
                            java.util.stream.Collectors.counting())));
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void theConsumersCanBeReplacedUntilItIsConsumed() {
        Response created = create("SSCC-5", "carrier-a");
        String path = COMMISSIONS + "/" + created.json().get("id").asText();

        Response stale = http.put(path, "{\"registeredConsumers\":[\"x\"]}", as("If-Match", "\"9\""));
        assertThat(stale.status()).isEqualTo(412);

        Response updated = http.put(path, "{\"registeredConsumers\":[\"carrier-c\",\"carrier-a\"]}",
                as("If-Match", created.header("ETag")));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().get("registeredConsumers").toString()).isEqualTo("[\"carrier-c\",\"carrier-a\"]");
        assertThat(updated.header("ETag")).isNotEqualTo(created.header("ETag"));
        assertThat(http.get(path, as()).json()).isEqualTo(updated.json());

        Response same = http.put(path, "{\"registeredConsumers\":[\"carrier-c\",\"carrier-a\"]}", as());
        assertThat(same.header("ETag")).as("the same consumers change nothing").isEqualTo(updated.header("ETag"));
        assertThat(fields(http.put(path, "{\"registeredConsumers\":[\"a\",\"a\"]}", as())))
                .containsExactly("registeredConsumers[1]");
        assertThat(fields(http.put(path, "{\"registeredConsumers\":[\"a\"],\"identifier\":\"X\"}", as())))
                .containsExactly("identifier");

        consume("SSCC-5", "carrier-c");
        Response afterwards = http.put(path, "{\"registeredConsumers\":[\"carrier-d\"]}", as());
        assertThat(afterwards.status()).isEqualTo(409);
        assertThat(http.put(COMMISSIONS + "/" + UUID.randomUUID(), "{\"registeredConsumers\":[\"a\"]}", as()).status())
                .isEqualTo(404);
    }

    @Test
    void anOpenCommissionCanBeDeletedAndItsIdentifierReusedAConsumedOneIsKept() {
        Response created = create("SSCC-6", "carrier-a");
        String path = COMMISSIONS + "/" + created.json().get("id").asText();

        assertThat(http.delete(path, as("If-Match", "\"7\"")).status()).isEqualTo(412);
        assertThat(http.delete(path, as("If-Match", created.header("ETag"))).status()).isEqualTo(204);
        assertThat(http.get(path, as()).status()).isEqualTo(404);
        assertThat(http.delete(path, as()).status()).isEqualTo(404);
        assertThat(consume("SSCC-6", "carrier-a").status()).isEqualTo(404);

        String again = create("SSCC-6", "carrier-b").json().get("id").asText();
        consume("SSCC-6", "carrier-b");
        Response kept = http.delete(COMMISSIONS + "/" + again, as());
        assertThat(kept.status()).isEqualTo(409);
        assertThat(http.get(COMMISSIONS + "/" + again, as()).status()).isEqualTo(200);
        assertThat(create("SSCC-6", "carrier-c").status()).as("a consumed commission keeps its identifier")
                .isEqualTo(409);
    }

    @Test
    void aWithdrawnCommissionKeepsItsHistoryAndReadsAsItWasBeforehand() {
        Response created = create("SSCC-H", "carrier-a");
        String path = COMMISSIONS + "/" + created.json().get("id").asText();
        assertThat(http.put(path, "{\"registeredConsumers\":[\"carrier-b\"]}", as()).status()).isEqualTo(200);
        JsonNode replaced = http.get(path, as()).json();
        assertThat(http.delete(path, as()).status()).isEqualTo(204);

        Response history = http.get(path + "/history", as());
        assertThat(history.status()).as(history.body()).isEqualTo(200);
        assertThat(history.json().findValuesAsText("type")).containsExactly("CustodyCommissionCreated",
                "CustodyCommissionUpdated", "CustodyCommissionDeleted");
        Instant deletedAt = Instant.parse(history.json().get(2).get("occurredAt").asText());
        assertThat(http.get(path + "?asOf=" + deletedAt, as()).status()).as("withdrawn by then").isEqualTo(404);
        assertThat(http.get(path + "?asOf=" + deletedAt.minusNanos(1000), as()).json()).isEqualTo(replaced);
        JsonNode atCreation = http.get(path + "?asOf=" + history.json().get(0).get("occurredAt").asText(), as())
                .json();
        assertThat(atCreation.get("registeredConsumers").toString()).isEqualTo("[\"carrier-a\"]");
        assertThat(http.get(path + "/history", actingFor(UUID.randomUUID().toString())).status())
                .as("another tenant's").isEqualTo(404);
    }

    @Test
    void listsPageOldestFirstAndFilterOnConsumption() {
        for (int i = 0; i < 3; i++) {
            create("L-" + i, "a");
        }
        consume("L-1", "a");

        Response second = http.get(COMMISSIONS + "?page=2&limit=1", as());
        assertThat(second.json().findValuesAsText("identifier")).containsExactly("L-1");
        assertThat(second.header("X-Total-Count")).isEqualTo("3");
        assertThat(http.get(COMMISSIONS + "?consumed=true", as()).json().findValuesAsText("identifier"))
                .containsExactly("L-1");
        assertThat(http.get(COMMISSIONS + "?consumed=false", as()).json().findValuesAsText("identifier"))
                .containsExactly("L-0", "L-2");
        assertThat(http.get(COMMISSIONS + "?consumed=yes", as()).status()).isEqualTo(400);
    }
}
