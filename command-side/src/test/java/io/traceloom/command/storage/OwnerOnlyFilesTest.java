package io.traceloom.command.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerOnlyFilesTest {

    @TempDir
    Path root;

    @Test
    void newDirectoriesAndFilesAreOwnerOnly() throws Exception {
        Path file = root.resolve("a/b/c.key");

        OwnerOnlyFiles.createNew(file, "secret".getBytes(StandardCharsets.US_ASCII));

        assertThat(Files.readString(file)).isEqualTo("secret");
        assertThat(permissions(file)).isEqualTo("rw-------");
        assertThat(permissions(root.resolve("a"))).isEqualTo("rwx------");
        assertThat(permissions(root.resolve("a/b"))).isEqualTo("rwx------");
        assertThat(names(root.resolve("a/b"))).containsExactly("c.key");
    }

    @Test
    void anExistingFileIsNeverReplaced() throws Exception {
        Path file = root.resolve("c.key");
        OwnerOnlyFiles.createNew(file, "first".getBytes(StandardCharsets.US_ASCII));

        assertThatThrownBy(() -> OwnerOnlyFiles.createNew(file, "second".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(file)).isEqualTo("first");
        assertThat(names(root)).containsExactly("c.key");
    }

    @Test
    void ofConcurrentWritersExactlyOneWinsAndTheFileIsWhole() throws Exception {
        Path file = root.resolve("contested.key");
        ExecutorService writers = Executors.newFixedThreadPool(8);
        List<Future<Boolean>> outcomes = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            byte[] content = ("writer " + i + " ").repeat(10_000).getBytes(StandardCharsets.US_ASCII);
            Callable<Boolean> write = () -> {
                try {
                    OwnerOnlyFiles.createNew(file, content);
                    return true;
                } catch (FileAlreadyExistsException lost) {
                    return false;
                }
            };
            outcomes.add(writers.submit(write));
        }
        int winners = 0;
        for (Future<Boolean> outcome : outcomes) {
            winners += outcome.get() ? 1 : 0;
        }
        writers.shutdown();

        assertThat(winners).isEqualTo(1);
        String content = Files.readString(file);
        String first = content.substring(0, content.indexOf(' ', "writer ".length()) + 1);
        assertThat(content).isEqualTo(first.repeat(10_000));
        assertThat(names(root)).containsExactly("contested.key");
    }

    @Test
    void leftoversOfAnInterruptedWriteAreRemovedAndNothingElse() throws Exception {
        Files.writeString(root.resolve(".c.key.0123456789abcdef.partial"), "half a ke");
        Files.writeString(root.resolve("c.key"), "whole");

        OwnerOnlyFiles.removeLeftovers(root);

        assertThat(names(root)).containsExactly("c.key");
    }

    private static String permissions(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    private static List<String> names(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
