package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code spring.data.mongodb.uri} set, read models and tracking tokens persist in that MongoDB, so a
 * restart resumes where the projections stood instead of rebuilding. (The server here is a separate
 * mongo-java-server speaking the wire protocol; a test against a real MongoDB needs Docker.)
 */
class ExternalMongoTest {

    @TempDir
    Path dataDir;
    private MongoServer mongo;
    private String uri;

    @BeforeEach
    void startMongo() {
        mongo = new MongoServer(new MemoryBackend());
        mongo.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + mongo.getLocalAddress().getPort() + "/traceloom";
    }

    @AfterEach
    void stopMongo() {
        mongo.shutdownNow();
    }

    @Test
    void aRestartResumesInsteadOfRebuilding() {
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri)) {
            Fixtures.writeHistory(first.http(), 6);
            before = Fixtures.everything(first.http());
        }

        // A mark only a rebuild would erase: the projections' reset handlers empty their collections.
        try (MongoClient client = MongoClients.create(uri)) {
            var tags = client.getDatabase("traceloom").getCollection("trade_item_tags");
            assertThat(tags.countDocuments()).isEqualTo(3);
            assertThat(client.getDatabase("traceloom").getCollection("trackingtokens").countDocuments())
                    .as("one token per projection segment").isGreaterThanOrEqualTo(2);
            tags.updateMany(Filters.empty(), Updates.set("resumeMark", true));
        }

        try (RunningTraceloom second = RunningTraceloom.start(dataDir, "--spring.data.mongodb.uri=" + uri)) {
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
            assertThat(second.http().post("/trade-item-tags", "{\"code\":\"NEW\",\"name\":\"new\"}").status())
                    .isEqualTo(201);
        }
        try (MongoClient client = MongoClients.create(uri)) {
            var tags = client.getDatabase("traceloom").getCollection("trade_item_tags");
            assertThat(tags.countDocuments(Filters.eq("resumeMark", true))).as("not rebuilt").isEqualTo(3);
            assertThat(tags.countDocuments()).isEqualTo(4);
        }
    }
}
