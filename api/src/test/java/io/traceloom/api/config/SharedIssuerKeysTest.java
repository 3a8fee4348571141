package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import io.traceloom.api.embedded.store.ReadModelStore;
import io.traceloom.command.credential.CredentialConfiguration;
import io.traceloom.command.credential.IssuerKeyStore;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.storage.WriteOnceRecords;
import java.io.IOException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issuer keys kept in the MongoDB that a deployment's processes share: two processes (two key stores, each with
 * its own connection and data directory) that create a tenant's key at the same moment end up with one key, so the
 * tenant signs under one DID everywhere. The MongoDB is a mongo-java-server on a TCP port, as in the other tests.
 */
class SharedIssuerKeysTest {

    private static final int TENANTS = 25;

    @TempDir
    Path work;
    private MongoServer server;
    private String uri;
    private final String masterKey = randomKey();
    private final AtomicInteger lostRaces = new AtomicInteger();

    @BeforeEach
    void startMongo() {
        server = new MongoServer(ReadModelStore.inMemory());
        server.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
    }

    @AfterEach
    void stopMongo() {
        server.shutdownNow();
    }

    @Test
    void twoProcessesRacingToCreateATenantsKeyGetOneKeyAndOneDid() throws Exception {
        ExecutorService racers = Executors.newFixedThreadPool(2);
        try (MongoClient first = MongoClients.create(uri); MongoClient second = MongoClients.create(uri)) {
            IssuerKeyStore one = store(first, "node-1", masterKey);
            IssuerKeyStore other = store(second, "node-2", masterKey);
            List<String> dids = new ArrayList<>();
            for (int t = 0; t < TENANTS; t++) {
                String tenant = "tenant-" + t;
                CyclicBarrier together = new CyclicBarrier(2);
                CompletableFuture<KeyPair> a = CompletableFuture.supplyAsync(() -> race(together, one, tenant), racers);
                CompletableFuture<KeyPair> b = CompletableFuture.supplyAsync(() -> race(together, other, tenant),
                        racers);
                KeyPair mine = a.get(30, TimeUnit.SECONDS);
                KeyPair theirs = b.get(30, TimeUnit.SECONDS);

                assertThat(theirs.getPublic()).as(tenant).isEqualTo(mine.getPublic());
                assertThat(theirs.getPrivate().getEncoded()).as(tenant).isEqualTo(mine.getPrivate().getEncoded());
                String did = DidKey.did(mine.getPublic());
                assertThat(DidKey.did(theirs.getPublic())).isEqualTo(did);
                assertThat(one.recorded(tenant, did).getPublic()).isEqualTo(mine.getPublic());
                assertThat(other.recorded(tenant, did).getPublic()).isEqualTo(mine.getPublic());
                dids.add(did);
            }
            assertThat(dids).doesNotHaveDuplicates();
            assertThat(lostRaces.get()).as("creations that found the other's key stored first").isPositive();
            var envelopes = first.getDatabase("traceloom").getCollection(CredentialConfiguration.ISSUER_KEYS);
            assertThat(envelopes.countDocuments()).as("one envelope per tenant").isEqualTo(TENANTS);
            for (Document envelope : envelopes.find()) {
                assertThat(envelope.toJson()).as("no private key in the clear").doesNotContain("PRIVATE");
            }

            // a third process, started later (or the first, restarted), signs with the same keys
            try (MongoClient later = MongoClients.create(uri)) {
                KeyPair again = store(later, "node-3", masterKey).loadOrCreate("tenant-0");
                assertThat(DidKey.did(again.getPublic())).isEqualTo(dids.get(0));
            }
        } finally {
            racers.shutdownNow();
        }
    }

    @Test
    void aProcessWithAnotherMasterKeyCannotUseTheSharedKeys() {
        try (MongoClient first = MongoClients.create(uri); MongoClient second = MongoClients.create(uri)) {
            store(first, "node-1", masterKey).loadOrCreate("tenant-1");
            IssuerKeyStore misconfigured = store(second, "node-2", randomKey());

            assertThatThrownBy(() -> misconfigured.loadOrCreate("tenant-1")).hasMessageContaining("wrong master key");
            assertThat(first.getDatabase("traceloom").getCollection(CredentialConfiguration.ISSUER_KEYS)
                    .countDocuments()).as("nothing replaced").isEqualTo(1);
        }
    }

    private IssuerKeyStore store(MongoClient client, String node, String master) {
        WriteOnceRecords records = MongoWriteOnceRecords.in(client.getDatabase("traceloom"))
                .named(CredentialConfiguration.ISSUER_KEYS);
        WriteOnceRecords counted = new WriteOnceRecords() {
            @Override
            public Optional<byte[]> read(String name) throws IOException {
                return records.read(name);
            }

            @Override
            public byte[] createIfAbsent(String name, byte[] content) throws IOException {
                byte[] kept = records.createIfAbsent(name, content);
                if (!Arrays.equals(kept, content)) {
                    lostRaces.incrementAndGet();
                }
                return kept;
            }

            @Override
            public String where() {
                return records.where();
            }
        };
        return IssuerKeyStore.open(counted, work.resolve(node), master);
    }

    private static KeyPair race(CyclicBarrier together, IssuerKeyStore store, String tenant) {
        try {
            together.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return store.loadOrCreate(tenant);
    }

    private static String randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }
}
