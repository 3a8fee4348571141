package io.traceloom.command.credential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.kernel.credential.IssuerKeyCreated;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recorded issuer key is the tenant's identity: it is loaded, never replaced by a new one. */
class IssuerTest {

    @TempDir
    Path keys;

    @Test
    void aRecordedKeyWhoseFileIsGoneFailsLoudlyAndNoSecondKeyIsMade() throws Exception {
        KeyPair original = IssuerKeyStore.open(keys.resolve("lost"), "").loadOrCreate("tenant-1");
        Issuer issuer = new Issuer();
        issuer.on(new IssuerKeyCreated("tenant-1", DidKey.did(original.getPublic())));
        Path emptyStore = keys.resolve("restored-without-the-key");
        IssuerKeyStore store = IssuerKeyStore.open(emptyStore, "");

        assertThatThrownBy(() -> issuer.key("tenant-1", store))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is missing")
                .hasMessageContaining(DidKey.did(original.getPublic()));
        try (Stream<Path> files = Files.list(emptyStore)) {
            assertThat(files.map(file -> file.getFileName().toString())).containsExactly("master.key");
        }
    }

    @Test
    void aRecordedKeyIsLoaded() {
        IssuerKeyStore store = IssuerKeyStore.open(keys, "");
        KeyPair original = store.loadOrCreate("tenant-1");
        Issuer issuer = new Issuer();
        issuer.on(new IssuerKeyCreated("tenant-1", DidKey.did(original.getPublic())));

        KeyPair loaded = issuer.key("tenant-1", IssuerKeyStore.open(keys, ""));

        assertThat(loaded.getPublic()).isEqualTo(original.getPublic());
    }
}
