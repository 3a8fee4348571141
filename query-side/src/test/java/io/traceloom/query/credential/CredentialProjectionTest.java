package io.traceloom.query.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialPage;
import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.kernel.credential.CredentialView;
import io.traceloom.kernel.credential.FindCredential;
import io.traceloom.query.history.TestHistories;
import io.traceloom.kernel.credential.ListCredentials;
import io.traceloom.kernel.credential.ListCredentials.Status;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CredentialProjectionTest {

    private static final Instant AT = Instant.parse("2026-11-22T03:00:00Z");
    private static final Instant NOW = Instant.parse("2027-06-01T00:00:00Z");
    private static final String SIGNED = "{\"id\":\"urn:uuid:c-1\",\"proof\":{\"proofValue\":\"z3x\"}}";

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final CredentialProjection projection =
            new CredentialProjection(new ReadModelWriter(mongo.template()));
    private final CredentialQueries queries = new CredentialQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private static String credential(String type, String subject, String expiry) {
        return "{\"type\":[\"VerifiableCredential\",\"" + type + "\"],\"credentialSubject\":{\"id\":\"" + subject
                + "\"}," + expiry + "}";
    }

    private CredentialPage list(String type, String subject, Status status) {
        return queries.handle(new ListCredentials("t1", 1, 10, type, subject, status, NOW));
    }

    private static Object[] ids(CredentialPage page) {
        return page.items().stream().map(CredentialView::id).toArray();
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
        assertThat(queries.handle(new ListCredentials("t2", 1, 10, null, null, null, NOW)).total()).isZero();
    }

    @Test
    void listsAreNewestFirstAndFilterByTypeSubjectAndStatus() {
        projection.on(new CredentialIssued("t1", "old", credential("Lot", "urn:x:1",
                "\"expirationDate\":\"2027-01-01T00:00:00Z\"")), AT);
        projection.on(new CredentialIssued("t1", "v2", credential("Lot", "urn:x:2",
                "\"validUntil\":\"2028-01-01T00:00:00+01:00\"")), AT.plusSeconds(1));
        projection.on(new CredentialIssued("t1", "new", credential("Audit", "urn:x:1",
                "\"expirationDate\":\"2030-01-01T00:00:00Z\"")), AT.plusSeconds(2));
        projection.on(new CredentialIssued("t1", "forever", credential("Audit", "urn:x:3", "\"x\":1")), AT.plusSeconds(3));
        projection.on(new CredentialRevoked("t1", "new", "list-1", 5, "revocation"), AT.plusSeconds(4));

        assertThat(ids(list(null, null, null))).containsExactly("forever", "new", "v2", "old");
        assertThat(list(null, null, null).total()).isEqualTo(4);
        assertThat(ids(list("Lot", null, null))).containsExactly("v2", "old");
        assertThat(ids(list(null, "urn:x:1", null))).containsExactly("new", "old");
        assertThat(ids(list(null, null, Status.REVOKED))).containsExactly("new");
        assertThat(ids(list(null, null, Status.EXPIRED))).containsExactly("old");
        assertThat(ids(list(null, null, Status.ACTIVE))).containsExactly("forever", "v2");
        assertThat(ids(list("Audit", "urn:x:1", Status.ACTIVE))).isEmpty();
    }

    /** What the command side signs, the fold takes: none of it is read into a long or a double on the way. */
    @Test
    void aCredentialIsFoldedWhateverItsNumbersNestingAndStringsHold() {
        String deep = "[".repeat(500) + "9223372036854775808" + "]".repeat(500);
        String credential = "{\"@context\":[\"https://www.w3.org/2018/credentials/v1\"],\"lot\":-9223372036854775809,"
                + "\"type\":[\"VerifiableCredential\",7,\"Lot\"],\"credentialSubject\":[{\"n\":1e400,\"id\":\"urn:x:1\","
                + "\"m\":{\"id\":\"urn:x:nested\"},\"deep\":" + deep + "},{\"id\":12345678901234567890},"
                + "{\"id\":\"urn:x:\\u0000\\ud83d\\ude00\",\"z\":-0.0}],\"big\":" + "9".repeat(5000) + ","
                + "\"expirationDate\":\"2030-01-01T00:00:00Z\",\"s\":\"" + "x".repeat(2_000_000) + "\"}";

        projection.on(new CredentialIssued("t1", "c-1", credential), AT);

        assertThat(queries.handle(new FindCredential("t1", "c-1"))).contains(new CredentialView("c-1", credential));
        assertThat(ids(list("Lot", "urn:x:1", Status.ACTIVE))).containsExactly("c-1");
        assertThat(ids(list(null, "urn:x:\u0000\ud83d\ude00", null))).containsExactly("c-1");
        assertThat(ids(list(null, "urn:x:nested", null))).as("only a subject's own id").isEmpty();
        assertThat(ids(list(null, null, Status.EXPIRED))).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new CredentialIssued("t1", "c-1", SIGNED), AT);

        projection.reset();

        assertThat(queries.handle(new FindCredential("t1", "c-1"))).isEmpty();
    }
}
