package io.traceloom.query.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.file.FileContents;
import io.traceloom.kernel.file.FileDeleted;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.file.FileView;
import io.traceloom.kernel.file.FindFile;
import io.traceloom.kernel.file.ListFileContents;
import io.traceloom.kernel.file.ListFiles;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FileProjectionTest {

    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    private static final String SHA = "d".repeat(64);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final FileProjection projection = new FileProjection(new ReadModelWriter(mongo.template()));
    private final FileQueries queries = new FileQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aStoredFileIsShownWithItsMetadata() {
        projection.on(new FileStored("t1", "f1", "logo.png", "image/png", 42, SHA), T1, 0);

        assertThat(queries.handle(new FindFile("t1", "f1")))
                .contains(new FileView("f1", "logo.png", "image/png", 42, SHA, T1, T1, 0));
    }

    @Test
    void aRenameMovesUpdatedAtAndTheVersion() {
        projection.on(new FileStored("t1", "f1", "logo.png", "image/png", 42, SHA), T1, 0);
        projection.on(new FileRenamed("t1", "f1", "brand.png"), T2, 2);

        assertThat(queries.handle(new FindFile("t1", "f1")))
                .contains(new FileView("f1", "brand.png", "image/png", 42, SHA, T1, T2, 2));
    }

    @Test
    void aDeletedFileIsGone() {
        projection.on(new FileStored("t1", "f1", "logo.png", "image/png", 42, SHA), T1, 0);
        projection.on(new FileDeleted("t1", "f1"));

        assertThat(queries.handle(new FindFile("t1", "f1"))).isEmpty();
        assertThat(queries.handle(new ListFiles("t1", 1, 10)).total()).isZero();
        assertThat(queries.handle(new ListFileContents("", 10)).items()).isEmpty();
    }

    @Test
    void filesAreListedOldestFirstAndAnotherTenantsAreInvisible() {
        projection.on(new FileStored("t1", "f2", "b.png", "image/png", 1, SHA), T1, 0);
        projection.on(new FileStored("t1", "f1", "a.png", "image/png", 1, SHA), T2, 0);
        projection.on(new FileStored("t2", "f3", "c.png", "image/png", 1, SHA), T1, 0);

        assertThat(queries.handle(new ListFiles("t1", 1, 10)).items()).extracting(FileView::id)
                .containsExactly("f2", "f1");
        assertThat(queries.handle(new ListFiles("t1", 1, 10)).total()).isEqualTo(2);
        assertThat(queries.handle(new FindFile("t2", "f1"))).isEmpty();
    }

    @Test
    void theContentEveryFileNeedsIsListedAcrossTenantsInPages() {
        projection.on(new FileStored("t1", "f1", "a.png", "image/png", 1, SHA), T1, 0);
        projection.on(new FileStored("t2", "f2", "b.png", "image/png", 2, "e".repeat(64)), T1, 0);
        projection.on(new FileStored("t1", "f3", "c.png", "image/png", 3, SHA), T1, 0);

        assertThat(queries.handle(new ListFileContents("", 2)).items()).containsExactly(
                new FileContents.Needed("t1", "f1", SHA, 1), new FileContents.Needed("t2", "f2", "e".repeat(64), 2));
        assertThat(queries.handle(new ListFileContents("f2", 2)).items())
                .containsExactly(new FileContents.Needed("t1", "f3", SHA, 3));
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new FileStored("t1", "f1", "logo.png", "image/png", 42, SHA), T1, 0);

        projection.reset();

        assertThat(queries.handle(new ListFiles("t1", 1, 10)).total()).isZero();
    }
}
