package io.traceloom.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.readmodel.ReadYourWrites;
import io.traceloom.api.support.AuditFeeds;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.ProblemJson;
import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Every request of the {@link HostileInputs} corpus, sent over a plain socket: each is answered with its 4xx
 * as problem+json (a detail in the client's terms, never a Java class), and none stores anything: the event
 * store's head, every read model's count and everything the lists show are as they were.
 */
class HostileInputCorpusTest {

    private static final int MINIMUM_CASES = 200;

    @TestFactory
    Stream<DynamicTest> everyHostileRequestIsRefusedAndStoresNothing() {
        RunningTraceloom traceloom = SharedTraceloom.get();
        Http http = traceloom.http();
        RawHttp raw = new RawHttp(http.baseUrl());
        List<HostileRequest> cases = HostileInputs.all();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(MINIMUM_CASES);
        assertThat(cases).allSatisfy(c -> assertThat(c.status()).as(c.describe()).isBetween(400, 499));

        HostileInputs.given().forEach((path, body) -> assertThat(http.put(path, body).status()).as(path).isIn(200, 201));
        // the audit log follows the store by itself: what it appends of those writes, and its tree's projection of
        // that, must not land while a case is being sent, as if the case had stored it
        AuditFeeds.awaitAppended(traceloom);
        assertThat(traceloom.bean(ReadYourWrites.class).awaitCommitted()).as("every projection caught up").isTrue();
        JsonNode listedBefore = Fixtures.everything(http);
        Stream<DynamicTest> each = distinctlyNamed(cases).entrySet().stream()
                .map(entry -> dynamicTest(entry.getKey(), () -> refusedAndNothingStored(traceloom, raw, entry.getValue())));
        Stream<DynamicTest> lists = Stream.of(dynamicTest("the lists are as they were", () ->
                assertThat(Fixtures.everything(http)).as("everything the lists show").isEqualTo(listedBefore)));
        return Stream.concat(each, lists);
    }

    private static void refusedAndNothingStored(RunningTraceloom traceloom, RawHttp raw, HostileRequest hostile) {
        Stored before = Stored.now(traceloom);

        RawHttp.Response response = raw.request(hostile.requestLine(), hostile.headers(), hostile.body());

        String what = hostile.describe() + " -> " + response.status() + " " + abbreviated(response.body());
        assertThat(response.status()).as(what).isEqualTo(hostile.status());
        if (hostile.verification()) {
            failedVerification(response, hostile, what);
            assertThat(Stored.now(traceloom)).as(hostile.describe() + ": stored nothing").isEqualTo(before);
            return;
        }
        assertThat(response.contentType()).as(what).startsWith("application/problem+json");
        assertThat(response.header("X-Request-Id")).as(what).isNotBlank();
        JsonNode problem = response.json();
        assertThat(problem.path("status").asInt()).as(what).isEqualTo(hostile.status());
        assertThat(problem.path("type").asText()).as(what).startsWith("urn:traceloom:problem:");
        assertThat(problem.path("title").asText()).as(what).isNotBlank();
        assertThat(problem.path("detail").asText()).as(what).isNotBlank().doesNotContainPattern(ProblemJson.LEAKS);
        if (hostile.field() != null) {
            List<String> named = problem.path("errors").findValuesAsText("field");
            assertThat(named).as(what).contains(hostile.field());
            assertThat(new HashSet<>(named)).as(what + ": each field once").hasSameSizeAs(named);
        }
        assertThat(Stored.now(traceloom)).as(hostile.describe() + ": stored nothing").isEqualTo(before);
    }

    /** A verification's own answer, as both verify endpoints give it: the check that failed is named, in words. */
    private static void failedVerification(RawHttp.Response response, HostileRequest hostile, String what) {
        assertThat(response.contentType()).as(what).startsWith("application/json");
        assertThat(response.header("X-Request-Id")).as(what).isNotBlank();
        JsonNode verification = response.json();
        assertThat(verification.path("checks").isArray() && verification.path("warnings").isArray()).as(what).isTrue();
        verification.path("errors").forEach(error -> assertThat(error.asText()).as(what)
                .doesNotContainPattern(ProblemJson.LEAKS));
        assertThat(verification.path("errors")).as(what)
                .anyMatch(error -> error.asText().startsWith(hostile.field() + ": "));
    }

    /**
     * What is stored: the event store's head, the number of documents in each collection, and the files under
     * the data directory's {@code files/} (the bytes of uploads, kept or staged).
     */
    private record Stored(TrackingToken head, Map<String, Long> documents, List<String> files) {

        static Stored now(RunningTraceloom traceloom) {
            MongoTemplate mongo = traceloom.bean(MongoTemplate.class);
            Map<String, Long> counts = new TreeMap<>();
            for (String collection : mongo.getCollectionNames()) {
                counts.put(collection, mongo.getCollection(collection).countDocuments());
            }
            return new Stored(traceloom.bean(EventStore.class).createHeadToken(), counts,
                    filesUnder(traceloom.dataDir().resolve("files")));
        }

        private static List<String> filesUnder(Path root) {
            if (!Files.isDirectory(root)) {
                return List.of();
            }
            try (Stream<Path> all = Files.walk(root)) {
                return all.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Stored that && Objects.equals(position(head), position(that.head))
                    && documents.equals(that.documents) && files.equals(that.files);
        }

        @Override
        public int hashCode() {
            return Objects.hash(position(head), documents, files);
        }

        private static long position(TrackingToken token) {
            return token == null ? -1 : token.position().orElse(-1);
        }
    }

    /** By name, each name once: cases that read alike get a number. */
    private static Map<String, HostileRequest> distinctlyNamed(List<HostileRequest> cases) {
        Map<String, HostileRequest> named = new java.util.LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (HostileRequest hostile : cases) {
            String name = hostile.describe();
            for (int n = 2; !seen.add(name); n++) {
                name = hostile.describe() + " (" + n + ")";
            }
            named.put(name, hostile);
        }
        return named;
    }

    private static String abbreviated(String body) {
        return body.length() <= 400 ? body : body.substring(0, 400) + "...";
    }
}
