package io.traceloom.api.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.axonframework.commandhandling.CommandExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemContentStoreTest {

    private static final byte[] BYTES = "the same bytes".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path root;

    private FileSystemContentStore store() {
        return new FileSystemContentStore(root);
    }

    @Test
    void keptBytesAreFoundByTheirSha256() throws IOException {
        FileSystemContentStore store = store();
        try (ContentStore.Upload upload = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            assertThat(upload.size()).isEqualTo(BYTES.length);
            assertThat(upload.sha256()).matches("[0-9a-f]{64}");
            upload.keepWhile(() -> "recorded");
            try (InputStream in = store.find(upload.sha256(), BYTES.length).orElseThrow().open(4)) {
                assertThat(in.readAllBytes()).isEqualTo("same bytes".getBytes(StandardCharsets.UTF_8));
            }
            assertThat(store.find(upload.sha256(), BYTES.length + 1)).as("another size is not it").isEmpty();
        }
        assertThat(staged()).isEmpty();
    }

    @Test
    void tooManyBytesAreNotKept() {
        FileSystemContentStore store = store();

        assertThatThrownBy(() -> store.receive(new ByteArrayInputStream(BYTES), BYTES.length - 1))
                .isInstanceOf(ContentTooLargeException.class);
        assertThat(staged()).isEmpty();
    }

    @Test
    void aRefusedRecordingRemovesWhatItKept() throws IOException {
        FileSystemContentStore store = store();
        try (ContentStore.Upload upload = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            assertThatThrownBy(() -> upload.keepWhile(() -> {
                throw new CommandExecutionException("refused", null);
            })).isInstanceOf(CommandExecutionException.class);
            assertThat(store.find(upload.sha256(), BYTES.length)).isEmpty();
        }
    }

    @Test
    void aFailureThatMayHaveBeenRecordedKeepsTheBytes() throws IOException {
        FileSystemContentStore store = store();
        try (ContentStore.Upload upload = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            assertThatThrownBy(() -> upload.keepWhile(() -> {
                throw new IllegalStateException("the connection broke: recorded or not, no one knows");
            })).isInstanceOf(IllegalStateException.class);
            assertThat(store.find(upload.sha256(), BYTES.length)).isPresent();
        }
    }

    @Test
    void bytesAFileAlreadyNamesStayWhenAnotherUploadOfThemIsRefused() throws IOException {
        FileSystemContentStore store = store();
        String sha256;
        try (ContentStore.Upload first = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            sha256 = first.sha256();
            first.keepWhile(() -> "recorded");
        }
        try (ContentStore.Upload again = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            assertThatThrownBy(() -> again.keepWhile(() -> {
                throw new CommandExecutionException("refused", null);
            })).isInstanceOf(CommandExecutionException.class);
        }
        assertThat(store.find(sha256, BYTES.length)).isPresent();
    }

    /** Two uploads of the same bytes at once, one of which put them there: one is refused, the other recorded. */
    @Test
    void bytesStayWhenTheUploadThatCreatedThemIsRefusedWhileAnotherIsRecorded() throws Exception {
        FileSystemContentStore store = store();
        CountDownLatch bothKept = new CountDownLatch(2);
        CountDownLatch secondRecorded = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (ContentStore.Upload creator = store.receive(new ByteArrayInputStream(BYTES), 100);
             ContentStore.Upload other = store.receive(new ByteArrayInputStream(BYTES), 100)) {
            Future<?> refused = threads.submit(() -> creator.keepWhile(() -> {
                bothKept.countDown();
                await(bothKept);
                await(secondRecorded);
                throw new CommandExecutionException("refused", null);
            }));
            Future<?> recorded = threads.submit(() -> other.keepWhile(() -> {
                bothKept.countDown();
                await(bothKept);
                secondRecorded.countDown();
                return "recorded";
            }));
            recorded.get(30, TimeUnit.SECONDS);
            assertThatThrownBy(() -> refused.get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(CommandExecutionException.class);
            assertThat(store.find(creator.sha256(), BYTES.length)).isPresent();
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void whatAnEarlierRunLeftStagedIsRemovedAtStart() throws IOException {
        Files.createDirectories(root.resolve("staging"));
        Files.write(root.resolve("staging").resolve("upload-1.part"), BYTES);

        store();

        assertThat(staged()).isEmpty();
    }

    private Stream<Path> staged() {
        try {
            return Files.list(root.resolve("staging")).toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("not reached within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
