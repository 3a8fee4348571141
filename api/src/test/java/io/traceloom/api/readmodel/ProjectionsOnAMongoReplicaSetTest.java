package io.traceloom.api.readmodel;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.MongoDBContainer;

/**
 * {@link ProjectionsInTheirOwnProcessTest} against a real MongoDB: a single-node replica set in a container
 * (Testcontainers), where the api process follows the token store through a change stream instead of polling.
 * Skipped, saying so, where no Docker engine runs (and, as its parent, where PostgreSQL does not answer).
 */
class ProjectionsOnAMongoReplicaSetTest extends ProjectionsInTheirOwnProcessTest {

    private static MongoDBContainer mongo;

    @BeforeAll
    static void requireDocker() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            String why = "no Docker engine is available; skipping the test of projections in processes of their own "
                    + "on a MongoDB replica set container (ProjectionsInTheirOwnProcessTest runs it on mongo-java-server)";
            System.out.println(ProjectionsOnAMongoReplicaSetTest.class.getSimpleName() + " SKIPPED: " + why);
            Assumptions.abort(why);
        }
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
