package io.traceloom.command.credential;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IssuerKeyStoreTest {

    @TempDir
    Path directory;

    @Test
    void aTenantKeepsItsKeyAcrossRestarts() {
        KeyPair first = IssuerKeyStore.open(directory, "").loadOrCreate("tenant-1");
        KeyPair again = IssuerKeyStore.open(directory, "").loadOrCreate("tenant-1");

        assertThat(again.getPublic()).isEqualTo(first.getPublic());
        assertThat(again.getPrivate().getEncoded()).isEqualTo(first.getPrivate().getEncoded());
        assertThat(IssuerKeyStore.open(directory, "").loadOrCreate("tenant-2").getPublic())
                .isNotEqualTo(first.getPublic());
    }

    @Test
    void privateKeysAreEncryptedAtRestAndOwnerOnly() throws Exception {
        KeyPair key = IssuerKeyStore.open(directory, "").loadOrCreate("tenant-1");

        List<Path> files = Files.list(directory).toList();
        assertThat(files).hasSize(2); // the tenant's key and the generated master key
        byte[] privateKey = key.getPrivate().getEncoded();
        String raw = Base64.getEncoder().encodeToString(java.util.Arrays.copyOfRange(privateKey,
                privateKey.length - 32, privateKey.length));
        for (Path file : files) {
            assertThat(Files.readString(file)).doesNotContain(raw);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx------");
    }

    @Test
    void aConfiguredMasterKeyIsUsedAndAWrongOneCannotUnlock() {
        String master = Base64.getEncoder().encodeToString(new byte[32]);
        IssuerKeyStore.open(directory, master).loadOrCreate("tenant-1");

        assertThat(Files.exists(directory.resolve("master.key"))).isFalse();
        String wrong = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});
        assertThatThrownBy(() -> IssuerKeyStore.open(directory, wrong).loadOrCreate("tenant-1"))
                .hasMessageContaining("wrong master key");
    }

    @Test
    void aMasterKeyOfTheWrongSizeIsRefused() {
        assertThatThrownBy(() -> IssuerKeyStore.open(directory, Base64.getEncoder().encodeToString(new byte[16])))
                .hasMessageContaining("32 bytes");
    }
}
