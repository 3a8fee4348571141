package io.traceloom.api.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clean stop saves the embedded read models; the next start puts them back, when they can be trusted, and
 * the projections go on from there. Whatever is put back or rebuilt, the API answers what a rebuild from
 * the events would.
 */
class SavedReadModelsTest {

    @TempDir
    Path dataDir;

    @TempDir
    Path otherDataDir;

    private Path saved(Path dir) {
        return dir.resolve("read-models").resolve(SavedReadModels.FILE);
    }

    private static SavedReadModels savedReadModels(RunningTraceloom traceloom) {
        return traceloom.bean(SavedReadModels.class);
    }

    @Test
    void aCleanStopSavesThemAndTheNextStartPutsThemBackAndGoesOn() {
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(first).restored()).as("nothing was saved yet").isEmpty();
            Fixtures.writeHistory(first.http(), 5);
            before = Fixtures.everything(first.http());
        }
        assertThat(saved(dataDir)).exists();

        JsonNode after;
        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(second).restored()).hasValueSatisfying(
                    restored -> assertThat(restored.documents()).isPositive());
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
            assertThat(second.http().post("/trade-items", "{\"name\":\"After the restart\"}").status()).isEqualTo(201);
            after = Fixtures.everything(second.http());
            assertThat(after.get("items")).hasSize(before.get("items").size() + 1);
        }
        try (RunningTraceloom third = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(third).restored()).isPresent();
            assertThat(Fixtures.everything(third.http())).isEqualTo(after);
        }
    }

    /** After a crash the last clean stop's read models are older than the store: the projections catch up. */
    @Test
    void readModelsOlderThanTheStoreCatchUpWithWhatCameSince() throws IOException {
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 3);
        }
        Path older = Files.copy(saved(dataDir), dataDir.resolve("older.bson"));
        JsonNode latest;
        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(second.http().post("/trade-items", "{\"name\":\"Written after the save\"}").status())
                    .isEqualTo(201);
            assertThat(second.http().delete("/trade-items/"
                    + second.http().get("/trade-items?limit=1").json().get(0).get("id").asText()).status())
                    .isEqualTo(204);
            latest = Fixtures.everything(second.http());
        }
        // as after a crash: what the second run saved at its stop is not there, the first run's is
        Files.move(older, saved(dataDir), StandardCopyOption.REPLACE_EXISTING);

        try (RunningTraceloom third = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(third).restored()).isPresent();
            assertThat(Fixtures.everything(third.http())).isEqualTo(latest);
        }
    }

    @Test
    void readModelsSavedOverAnotherEventStoreAreRebuiltInstead() throws IOException {
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 4);
        }
        JsonNode own;
        try (RunningTraceloom other = RunningTraceloom.start(otherDataDir)) {
            Fixtures.createTag(other.http(), "OTHER");
            own = Fixtures.everything(other.http());
        }
        Files.copy(saved(dataDir), saved(otherDataDir), StandardCopyOption.REPLACE_EXISTING);

        try (RunningTraceloom other = RunningTraceloom.start(otherDataDir)) {
            assertThat(savedReadModels(other).restored()).isEmpty();
            assertThat(Fixtures.everything(other.http())).isEqualTo(own);
        }
    }

    /** What the API answered before a clean stop, and the saved file as it was then cut short. */
    private record CutShort(JsonNode before, byte[] file) {
    }

    private CutShort savedThenCutShort() throws IOException {
        JsonNode before;
        try (RunningTraceloom first = RunningTraceloom.start(dataDir)) {
            Fixtures.writeHistory(first.http(), 3);
            before = Fixtures.everything(first.http());
        }
        byte[] whole = Files.readAllBytes(saved(dataDir));
        byte[] cut = Arrays.copyOf(whole, whole.length - 40);
        Files.write(saved(dataDir), cut);
        return new CutShort(before, cut);
    }

    @Test
    void aFileCutShortIsSetAsideAndTheReadModelsRebuilt() throws IOException {
        JsonNode before = savedThenCutShort().before();

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(second).restored()).isEmpty();
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
        }
        assertThat(dataDir.resolve("read-models").resolve(SavedReadModels.FILE + ".unreadable")).exists();
    }

    /**
     * Setting the file aside fails here: a directory that is not empty stands where it would go. The start
     * rebuilds all the same, and the next clean stop saves over the unreadable file.
     */
    @Test
    void aFileThatCannotBeSetAsideIsSavedOverAtTheNextCleanStop() throws IOException {
        CutShort saved = savedThenCutShort();
        JsonNode before = saved.before();
        byte[] cut = saved.file();
        Path aside = dataDir.resolve("read-models").resolve(SavedReadModels.FILE + ".unreadable");
        Files.createDirectories(aside);
        Files.writeString(aside.resolve("in the way"), "not empty");

        try (RunningTraceloom second = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(second).restored()).isEmpty();
            assertThat(Fixtures.everything(second.http())).isEqualTo(before);
            assertThat(Files.readAllBytes(saved(dataDir))).as("still where it was").isEqualTo(cut);
        }
        assertThat(Files.size(saved(dataDir))).isNotEqualTo(cut.length);

        try (RunningTraceloom third = RunningTraceloom.start(dataDir)) {
            assertThat(savedReadModels(third).restored()).isPresent();
            assertThat(Fixtures.everything(third.http())).isEqualTo(before);
        }
    }
}
