package io.traceloom.query.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.kernel.credential.CredentialStatusView;
import io.traceloom.kernel.credential.FindCredentialStatus;
import io.traceloom.kernel.credential.FindIssuer;
import io.traceloom.kernel.credential.FindStatusList;
import io.traceloom.kernel.credential.IssuerKeyCreated;
import io.traceloom.kernel.credential.IssuerView;
import io.traceloom.kernel.credential.StatusListOpened;
import io.traceloom.kernel.credential.StatusListView;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.Base64;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StatusListProjectionTest {

    private static final Instant AT = Instant.parse("2026-11-22T03:00:00Z");
    private static final StatusListOpened OPENED =
            new StatusListOpened("t1", "list-1", "did:key:z6Mk1", "revocation", 131_072, 3, 5);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final StatusListProjection lists = new StatusListProjection(writer);
    private final IssuerProjection issuers = new IssuerProjection(writer);
    private final CredentialQueries queries = new CredentialQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private static byte[] bits(StatusListView list) throws IOException {
        assertThat(list.encodedList()).startsWith("u");
        byte[] compressed = Base64.getUrlDecoder().decode(list.encodedList().substring(1));
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            return gzip.readAllBytes();
        }
    }

    @Test
    void aNewListHasEveryBitZero() throws IOException {
        lists.on(OPENED, AT);

        StatusListView list = queries.handle(new FindStatusList("list-1")).orElseThrow();
        assertThat(list.tenantId()).isEqualTo("t1");
        assertThat(list.issuer()).isEqualTo("did:key:z6Mk1");
        assertThat(list.version()).isZero();
        assertThat(list.updatedAt()).isEqualTo(AT);
        assertThat(bits(list)).hasSize(16_384).containsOnly(0);
    }

    @Test
    void aRevocationSetsItsBitLeftmostFirstAndChangesTheVersion() throws IOException {
        lists.on(OPENED, AT);
        lists.on(new CredentialRevoked("t1", "c-1", "list-1", 0, "revocation"), AT.plusSeconds(1));
        lists.on(new CredentialRevoked("t1", "c-2", "list-1", 10, "revocation"), AT.plusSeconds(2));
        lists.on(new CredentialRevoked("t1", "c-2", "list-1", 10, "revocation"), AT.plusSeconds(3));

        StatusListView list = queries.handle(new FindStatusList("list-1")).orElseThrow();
        byte[] bits = bits(list);
        assertThat(bits[0]).isEqualTo((byte) 0x80);
        assertThat(bits[1]).isEqualTo((byte) 0x20);
        assertThat(list.version()).isEqualTo(2);
        assertThat(list.updatedAt()).isEqualTo(AT.plusSeconds(2));
        assertThat(queries.handle(new FindCredentialStatus("list-1", 10)))
                .contains(new CredentialStatusView("did:key:z6Mk1", "revocation", 131_072, true));
        assertThat(queries.handle(new FindCredentialStatus("list-1", 11)))
                .contains(new CredentialStatusView("did:key:z6Mk1", "revocation", 131_072, false));
        assertThat(queries.handle(new FindCredentialStatus("list-2", 10))).isEmpty();
    }

    @Test
    void anIssuerIsFoundByItsTenant() {
        issuers.on(new IssuerKeyCreated("t1", "did:key:z6Mk1"));

        assertThat(queries.handle(new FindIssuer("t1"))).contains(new IssuerView("did:key:z6Mk1"));
        assertThat(queries.handle(new FindIssuer("t2"))).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModels() {
        lists.on(OPENED, AT);
        issuers.on(new IssuerKeyCreated("t1", "did:key:z6Mk1"));

        lists.reset();
        issuers.reset();

        assertThat(queries.handle(new FindStatusList("list-1"))).isEmpty();
        assertThat(queries.handle(new FindIssuer("t1"))).isEmpty();
    }
}
