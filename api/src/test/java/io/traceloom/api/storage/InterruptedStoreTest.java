package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.embedded.EmbeddedDefaults;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread interrupted while the embedded event store reads its file must not close the store for everyone.
 * Java closes a {@code FileChannel} when a thread blocked in it is interrupted (or enters it interrupted), and H2
 * then fails every later read and write of that file and closes the whole database: every request of every
 * tenant failed with "The database has been closed" until a restart. Seen in the suite under load: a replay given
 * up while it read the store's first events (its thread interrupted) left every list answering 503, once H2's
 * background writer next read the file.
 */
class InterruptedStoreTest {

    private static final int ROWS = 3000;

    @TempDir
    Path dataDir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // a hold that is never reached would wait for ever
    void aThreadInterruptedInTheStoresFileReadLeavesTheStoreOpenForEveryoneElse() throws Exception {
        OwnerOnlyFilePath.register();
        HoldingFilePath.register();
        String name = OwnerOnlyFilePath.databaseName(dataDir.resolve("events").resolve("traceloom"));
        // the test's file system right above the owner-only one, below whatever the service puts above both
        String url = EmbeddedDefaults.url(name.replace(OwnerOnlyFilePath.SCHEME + ":",
                HoldingFilePath.SCHEME + ":" + OwnerOnlyFilePath.SCHEME + ":"));
        try (Connection setup = DriverManager.getConnection(url, "sa", "");
             Statement create = setup.createStatement()) {
            create.execute("CREATE TABLE event (id BIGINT AUTO_INCREMENT PRIMARY KEY, payload VARBINARY(4096))");
            try (PreparedStatement insert = setup.prepareStatement("INSERT INTO event (payload) VALUES (?)")) {
                for (int i = 0; i < ROWS; i++) {
                    insert.setBytes(1, new byte[2048]);
                    insert.executeUpdate();
                }
            }
        } // the last connection closed: the database too, so what follows reads its pages from the file

        try (Connection other = DriverManager.getConnection(url, "sa", "")) {
            AtomicReference<Throwable> victimSaw = new AtomicReference<>();
            Thread victim = new Thread(() -> {
                try (Connection connection = DriverManager.getConnection(url, "sa", "");
                     Statement read = connection.createStatement()) {
                    try (ResultSet all = read.executeQuery("SELECT SUM(LENGTH(payload)) FROM event")) {
                        all.next();
                    }
                } catch (SQLException | RuntimeException e) {
                    victimSaw.set(e); // its own statement may fail; what matters is everyone else
                }
            }, "interrupted-reader");
            // its next read of the file waits for its interrupt: a read the interrupt lands in
            HoldingFilePath.holdNextReadOf(victim);
            victim.start();
            HoldingFilePath.awaitHeld();
            victim.interrupt(); // as a cancel interrupts a replay, a shutdown a processor's worker
            victim.join();

            try (Statement statement = other.createStatement()) {
                statement.execute("INSERT INTO event (payload) VALUES (X'00')");
                try (ResultSet counted = statement.executeQuery("SELECT COUNT(*), SUM(LENGTH(payload)) FROM event")) {
                    counted.next();
                    assertThat(counted.getLong(1)).isEqualTo(ROWS + 1);
                    assertThat(counted.getLong(2)).isEqualTo(ROWS * 2048L + 1);
                }
                statement.execute("CHECKPOINT SYNC"); // writes and forces the file
            }
            assertThat(victimSaw.get()).as("the interrupted reader's own read").isNull();
        }

        try (Connection reopened = DriverManager.getConnection(url, "sa", "");
             Statement statement = reopened.createStatement();
             ResultSet counted = statement.executeQuery("SELECT COUNT(*) FROM event")) {
            counted.next();
            assertThat(counted.getLong(1)).as("what was written after the interrupt, after a restart")
                    .isEqualTo(ROWS + 1);
        }
    }
}
