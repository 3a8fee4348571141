package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link ReopeningFileChannel} opens again, and what it leaves closed. */
class ReopeningFileChannelTest {

    @TempDir
    Path dir;

    @Test
    void aThreadEnteringItInterruptedReadsAndItsInterruptIsConsumed() throws Exception {
        Path file = Files.writeString(dir.resolve("store"), "events");
        try (ReopeningFileChannel channel = new ReopeningFileChannel(file.toString(),
                () -> FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE))) {
            Thread.currentThread().interrupt();
            ByteBuffer read = ByteBuffer.allocate(6);
            channel.read(read, 0);
            assertThat(Thread.interrupted()).as("the interrupt that closed the file it had").isFalse();
            assertThat(new String(read.array(), StandardCharsets.US_ASCII)).isEqualTo("events");
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void closedByItsOwnerItStaysClosed() throws Exception {
        Path file = Files.writeString(dir.resolve("store"), "events");
        ReopeningFileChannel channel = new ReopeningFileChannel(file.toString(),
                () -> FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE));
        channel.close(); // as H2 closes its store, after a failed force, say: nothing may write to it since
        assertThatThrownBy(() -> channel.write(ByteBuffer.wrap(new byte[] {1}), 0))
                .isInstanceOf(ClosedChannelException.class);
        assertThatThrownBy(() -> channel.read(ByteBuffer.allocate(1), 0)).isInstanceOf(ClosedChannelException.class);
        assertThat(Files.readString(file)).isEqualTo("events");
    }
}
