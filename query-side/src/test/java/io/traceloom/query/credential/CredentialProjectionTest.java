package io.traceloom.query.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CredentialProjectionTest {

    private static final Instant AT = Instant.parse("2026-11-22T03:00:00Z");
    private static final String SIGNED = "{\"id\":\"urn:uuid:c-1\",\"proof\":{\"proofValue\":\"z3x\"}}";

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final CredentialProjection projection =
            new CredentialProjection(new ReadModelWriter(mongo.template()));
    private final CredentialQueries queries = new CredentialQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void anIssuedCredentialIsKeptExactlyAsSigned() {
        projection.on(new CredentialIssued("t1", "c-1", SIGNED), AT);

        assertThat(queries.handle(new FindCredential("t1", "c-1"))).contains(new CredentialView("c-1", SIGNED));
    }

    @Test
    void anotherTenantsCredentialIsInvisible() {
        projection.on(new CredentialIssued("t1", "c-1", SIGNED), AT);

        assertThat(queries.handle(new FindCredential("t2", "c-1"))).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new CredentialIssued("t1", "c-1", SIGNED), AT);

        projection.reset();

        assertThat(queries.handle(new FindCredential("t1", "c-1"))).isEmpty();
    }
}
