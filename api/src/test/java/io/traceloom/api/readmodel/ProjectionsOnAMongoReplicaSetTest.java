package io.traceloom.api.readmodel;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.testcontainers.containers.MongoDBContainer;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * {@link ProjectionsInTheirOwnProcessTest} against a real MongoDB: a single-node replica set in a container
 * (Testcontainers), where the api process follows the token store through a change stream instead of polling.
 * Reported skipped by JUnit where no Docker engine runs (and, as its parent, where PostgreSQL does not answer);
 * {@code ProjectionsInTheirOwnProcessTest} runs the same test on mongo-java-server.
 */
@Testcontainers(disabledWithoutDocker = true)
class ProjectionsOnAMongoReplicaSetTest extends ProjectionsInTheirOwnProcessTest {

    private static MongoDBContainer mongo;

    @BeforeAll
    static void startMongo() {
        mongo = new MongoDBContainer("mongo:7.0");
        mongo.start();
    }

    @AfterAll
    static void stopMongo() {
        if (mongo != null) {
            mongo.stop();
        }
    }

    @Override
    protected String mongoBaseUri(Path logs) {
        return mongo.getReplicaSetUrl();
    }
}
