package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import io.traceloom.api.readmodel.ProjectionPositions.Tracked;
import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.QuerySideProperties;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.GenericTrackedEventMessage;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.extensions.mongo.DefaultMongoTemplate;
import org.axonframework.extensions.mongo.eventsourcing.tokenstore.MongoTokenStore;
import org.axonframework.messaging.deadletter.GenericDeadLetter;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.SimpleMongoClientDatabaseFactory;

/**
 * A process that runs no projection follows their positions as the processes that run them store their tokens
 * (Axon's own Mongo token store here): segments appear, tokens move, claims are seen, and a waiter is woken. On
 * mongo-java-server, which offers no change streams, by polling.
 */
class TokenStorePositionsTest {

    private static final String PROJECTION = "trade-items";
    private MongoServer server;
    private MongoClient client;
    private TokenStore processes;
    private DeadLetterQueues deadLetters;
    private Serializer serializer;
    private TokenStorePositions positions;

    @BeforeEach
    void start() {
        server = new MongoServer(ReadModelStore.inMemory());
        server.bind("127.0.0.1", 0);
        client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        serializer = JacksonSerializer.defaultSerializer();
        processes = MongoTokenStore.builder().serializer(serializer).nodeId("http://projections-1:9090")
                .mongoTemplate(DefaultMongoTemplate.builder().mongoDatabase(client.getDatabase("traceloom")).build()).build();
        TokenStoreSegments store = new TokenStoreSegments(new SimpleMongoClientDatabaseFactory(client, "traceloom"),
                serializer, new QuerySideProperties(100, 2, Duration.ofSeconds(10)));
        deadLetters = new DeadLetterQueues(new MongoTemplate(client, "traceloom"));
        positions = new TokenStorePositions(store, () -> Set.of(PROJECTION), deadLetters::read);
        positions.start();
    }

    @AfterEach
    void stop() {
        positions.close();
        client.close();
        server.shutdownNow();
    }

    @Test
    void theTokensOfEverySegmentAreFollowedAsTheyAreStored() throws InterruptedException {
        assertThat(positions.current().get(PROJECTION).segments()).as("no segment yet").isEmpty();

        processes.initializeTokenSegments(PROJECTION, 2);
        Tracked initialized = await(tracked -> tracked.segments().size() == 2);
        assertThat(initialized.segments()).containsOnlyNulls();
        assertThat(initialized.running()).as("nobody claims them").isFalse();

        processes.fetchToken(PROJECTION, 0);
        processes.storeToken(GapAwareTrackingToken.newInstance(7, List.of(4L)), PROJECTION, 0);
        Tracked moved = await(tracked -> tracked.segments().get(0) != null);
        assertThat(moved.running()).as("a live claim").isTrue();
        assertThat(Projections.lowest(moved.segments())).hasValue(-1); // segment 1 has not started
        assertThat(ReadYourWrites.covers(moved.segments().get(0), 7)).isTrue();
        assertThat(ReadYourWrites.covers(moved.segments().get(0), 4)).as("a gap").isFalse();
        assertThat(positions.watchesChangeStream()).as("mongo-java-server has none").isFalse();
    }

    @Test
    void aWaiterIsWokenWhenATokenIsStored() throws InterruptedException {
        processes.initializeTokenSegments(PROJECTION, 1);
        await(tracked -> tracked.segments().size() == 1);
        long seen = positions.changes();
        positions.expectChange();
        processes.fetchToken(PROJECTION, 0);
        processes.storeToken(GapAwareTrackingToken.newInstance(3, List.of()), PROJECTION, 0);

        positions.awaitChangeAfter(seen, TimeUnit.SECONDS.toNanos(30));
        assertThat(positions.changes()).isGreaterThan(seen);
        assertThat(Projections.lowest(positions.current().get(PROJECTION).segments())).hasValue(3);
    }

    /**
     * A projections process parks an event before it stores the token past it: the token and what was parked are
     * read in that order, so a write that sees the token sees the event parked too, and answers that it is not
     * visible. What is evicted elsewhere, with no token moving, is seen within a poll.
     */
    @Test
    void whatAProjectionParkedIsSeenWithTheTokenThatMovedPastIt() throws InterruptedException {
        processes.initializeTokenSegments(PROJECTION, 1);
        await(tracked -> tracked.segments().size() == 1);
        GenericTrackedEventMessage<String> poison = new GenericTrackedEventMessage<>(
                GapAwareTrackingToken.newInstance(5, List.of()), GenericEventMessage.asEventMessage("poison"));
        deadLetters.queue(PROJECTION, serializer).enqueue("tenant-a",
                new GenericDeadLetter<>("tenant-a", poison, new IllegalStateException("cannot fold it")));
        processes.fetchToken(PROJECTION, 0);
        processes.storeToken(GapAwareTrackingToken.newInstance(5, List.of()), PROJECTION, 0);

        Tracked moved = await(tracked -> tracked.segments().get(0) != null);
        assertThat(ReadYourWrites.covers(moved.segments().get(0), 5)).isTrue();
        assertThat(moved.parked()).containsExactly(Map.entry("tenant-a", 1L));
        assertThat(deadLetters.holdsAny(List.of(poison.getIdentifier()))).isTrue();

        client.getDatabase("traceloom").getCollection("deadletters").deleteMany(new Document());
        assertThat(await(tracked -> tracked.parked().isEmpty()).segments()).isEqualTo(moved.segments());
    }

    private Tracked await(Predicate<Tracked> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            long seen = positions.changes();
            Tracked tracked = positions.current().get(PROJECTION);
            if (condition.test(tracked)) {
                return tracked;
            }
            assertThat(System.nanoTime()).as("in time: %s", tracked).isLessThan(deadline);
            positions.awaitChangeAfter(seen, TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
