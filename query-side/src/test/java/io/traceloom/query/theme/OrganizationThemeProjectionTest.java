package io.traceloom.query.theme;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.FileView;
import io.traceloom.kernel.theme.FindOrganizationTheme;
import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OrganizationThemeProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");
    private static final String SHA = "c".repeat(64);
    private static final FileSnapshot LOGO = new FileSnapshot("logo", "logo.png", "image/png", 42, SHA, T0, T0, 0);
    private static final FileSnapshot PHOTO = new FileSnapshot("photo", "a.jpg", "image/jpeg", 7, SHA, T0, T0, 0);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final OrganizationThemeProjection projection =
            new OrganizationThemeProjection(new ReadModelWriter(mongo.template()));
    private final OrganizationThemeQueries queries = new OrganizationThemeQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aThemeEmbedsItsIconAndDerivesItsVariables() {
        projection.on(new OrganizationThemeCreated("t1", "theme-1", "#1A73E8", LOGO), T1, 0);

        OrganizationThemeView theme = queries.handle(new FindOrganizationTheme("t1", null)).orElseThrow();
        assertThat(theme).isEqualTo(new OrganizationThemeView("theme-1", "#1A73E8",
                new FileView("logo", "logo.png", "image/png", 42, SHA, T0, T0, 0),
                ThemePalette.of("#1A73E8").variables(), T1, T1, 0));
        assertThat(queries.handle(new FindOrganizationTheme("t1", "theme-1"))).contains(theme);
        assertThat(queries.handle(new FindOrganizationTheme("t1", "theme-2"))).isEmpty();
    }

    @Test
    void aReplacementKeepsTheIdAndCreationTime() {
        projection.on(new OrganizationThemeCreated("t1", "theme-1", "#1A73E8", LOGO), T1, 0);
        projection.on(new OrganizationThemeReplaced("t1", "theme-1", "#000000", PHOTO), T2, 1);

        OrganizationThemeView theme = queries.handle(new FindOrganizationTheme("t1", null)).orElseThrow();
        assertThat(theme.id()).isEqualTo("theme-1");
        assertThat(theme.color()).isEqualTo("#000000");
        assertThat(theme.icon().id()).isEqualTo("photo");
        assertThat(theme.createdAt()).isEqualTo(T1);
        assertThat(theme.updatedAt()).isEqualTo(T2);
        assertThat(theme.version()).isEqualTo(1);
    }

    @Test
    void theIconStaysTrueToItsFile() {
        projection.on(new OrganizationThemeCreated("t1", "theme-1", "#1A73E8", LOGO), T1, 0);
        projection.on(new OrganizationThemeCreated("t2", "theme-2", "#1A73E8",
                new FileSnapshot("logo", "same id, other tenant", "image/png", 1, SHA, T0, T0, 0)), T1, 0);

        projection.on(new FileRenamed("t1", "logo", "brand.png"), T2, 3);
        projection.on(new FileRenamed("t1", "photo", "not the icon.jpg"), T2, 4);

        OrganizationThemeView theme = queries.handle(new FindOrganizationTheme("t1", null)).orElseThrow();
        assertThat(theme.icon()).isEqualTo(new FileView("logo", "brand.png", "image/png", 42, SHA, T0, T2, 3));
        assertThat(theme.updatedAt()).as("the theme itself did not change").isEqualTo(T1);
        assertThat(theme.version()).isZero();
        assertThat(queries.handle(new FindOrganizationTheme("t2", null)).orElseThrow().icon().key())
                .isEqualTo("same id, other tenant");
    }

    @Test
    void aFileEventWithoutThemeChangesNothing() {
        projection.on(new FileRenamed("t1", "logo", "brand.png"), T2, 3);

        assertThat(queries.handle(new FindOrganizationTheme("t1", null))).isEmpty();
    }

    @Test
    void anotherTenantsThemeIsInvisible() {
        projection.on(new OrganizationThemeCreated("t1", "theme-1", "#1A73E8", LOGO), T1, 0);

        assertThat(queries.handle(new FindOrganizationTheme("t2", null))).isEmpty();
        assertThat(queries.handle(new FindOrganizationTheme("t2", "theme-1"))).isEmpty();
    }

    @Test
    void resetEmptiesTheReadModel() {
        projection.on(new OrganizationThemeCreated("t1", "theme-1", "#1A73E8", LOGO), T1, 0);

        projection.reset();

        assertThat(queries.handle(new FindOrganizationTheme("t1", null))).isEmpty();
    }
}
