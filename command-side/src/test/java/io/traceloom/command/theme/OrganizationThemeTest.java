package io.traceloom.command.theme;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.file.AggregateStoredFiles;
import io.traceloom.command.file.StoredFile;
import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.file.FileDeleted;
import io.traceloom.kernel.file.FileReleased;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.file.FileUsed;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeId;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.kernel.theme.SetOrganizationTheme;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OrganizationThemeTest {

    private static final String TENANT = "tenant-1";
    private static final String THEME = OrganizationThemeId.of(TENANT);
    private static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final String SHA = "b".repeat(64);
    private static final FileSnapshot LOGO =
            new FileSnapshot("logo", "logo.png", "image/png", 42, SHA, AT, AT, 0);
    private static final FileSnapshot PHOTO =
            new FileSnapshot("photo", "photo.jpg", "image/jpeg", 99, SHA, AT, AT, 0);
    private static final String PURPOSE = "the icon of organization theme 'theme-1'";

    private AggregateTestFixture<OrganizationTheme> fixture;
    /** The files live in a store of their own: the fixture's store holds the theme alone. */
    private EmbeddedEventStore fileEvents;
    private final Map<String, Long> fileSequences = new HashMap<>();

    @BeforeEach
    void setUp() {
        fileEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        fixture = new AggregateTestFixture<>(OrganizationTheme.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerInjectableResource(new AggregateStoredFiles(
                EventSourcingRepository.builder(StoredFile.class).eventStore(fileEvents).build()));
    }

    @AfterEach
    void tearDown() {
        fileEvents.shutDown();
    }

    @Test
    void theFirstCreatesTheThemeWithTheIconAsItStands() {
        givenFile(new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA));

        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "logo"))
                .expectEvents(new OrganizationThemeCreated(TENANT, "theme-1", "#1A73E8", LOGO));

        assertThat(fileHistory("logo")).containsExactly(
                new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA),
                new FileUsed(TENANT, "logo", THEME, PURPOSE));
    }

    @Test
    void laterOnesReplaceItAndKeepItsId() {
        givenFile(new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA),
                new FileUsed(TENANT, "logo", THEME, PURPOSE));

        fixture.given(new OrganizationThemeCreated(TENANT, "theme-1", "#1A73E8", LOGO))
                .when(new SetOrganizationTheme(TENANT, "theme-2", "#000000", "logo"))
                .expectEvents(new OrganizationThemeReplaced(TENANT, "theme-1", "#000000", LOGO));

        assertThat(fileHistory("logo")).as("already used: nothing more recorded").hasSize(2);
    }

    @Test
    void theIconIsTakenAsItStandsNow() {
        givenFile(new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA),
                new FileRenamed(TENANT, "logo", "brand.png"));

        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "logo"))
                .expectEvents(new OrganizationThemeCreated(TENANT, "theme-1", "#1A73E8",
                        new FileSnapshot("logo", "brand.png", "image/png", 42, SHA, AT, AT, 1)));
    }

    @Test
    void anotherIconReleasesTheFormer() {
        givenFile(new FileStored(TENANT, "logo", "logo.png", "image/png", 42, SHA),
                new FileUsed(TENANT, "logo", THEME, PURPOSE));
        givenFile(new FileStored(TENANT, "photo", "photo.jpg", "image/jpeg", 99, SHA));

        fixture.given(new OrganizationThemeCreated(TENANT, "theme-1", "#1A73E8", LOGO))
                .when(new SetOrganizationTheme(TENANT, "theme-2", "#1A73E8", "photo"))
                .expectEvents(new OrganizationThemeReplaced(TENANT, "theme-1", "#1A73E8", PHOTO));

        assertThat(fileHistory("photo")).last().isEqualTo(new FileUsed(TENANT, "photo", THEME, PURPOSE));
        assertThat(fileHistory("logo")).last().isEqualTo(new FileReleased(TENANT, "logo", THEME));
    }

    @Test
    void anIconMustBeARasterImage() {
        givenFile(new FileStored(TENANT, "page", "page.png", "text/html", 10, SHA));
        givenFile(new FileStored(TENANT, "vector", "logo.svg", "image/svg+xml", 10, SHA));

        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "page"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("icon", "File 'page' is text/html; an icon must be a "
                        + "raster image: PNG, JPEG, GIF or WebP."));
        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "vector"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("icon", "File 'vector' is image/svg+xml; an icon must "
                        + "be a raster image: PNG, JPEG, GIF or WebP."));
        assertThat(fileHistory("page")).as("nothing recorded on a refused icon").hasSize(1);
    }

    @Test
    void everyRasterTypeIsAnIcon() {
        for (String type : List.of("image/png", "image/jpeg", "image/gif", "image/webp")) {
            String id = "icon-" + type.substring(6);
            givenFile(new FileStored(TENANT, id, "icon", type, 1, SHA));
            fixture.givenNoPriorActivity()
                    .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", id))
                    .expectSuccessfulHandlerExecution();
        }
    }

    @Test
    void anUnknownFileIsNoIcon() {
        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "nothing"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("icon", "There is no file 'nothing'."));
    }

    @Test
    void anotherTenantsFileIsNoIcon() {
        givenFile(new FileStored("tenant-2", "theirs", "logo.png", "image/png", 42, SHA));

        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "theirs"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("icon", "There is no file 'theirs'."));
        assertThat(fileHistory("theirs")).hasSize(1);
    }

    @Test
    void aDeletedFileIsNoIcon() {
        givenFile(new FileStored(TENANT, "gone", "logo.png", "image/png", 42, SHA), new FileDeleted(TENANT, "gone"));

        fixture.givenNoPriorActivity()
                .when(new SetOrganizationTheme(TENANT, "theme-1", "#1A73E8", "gone"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.invalid("icon", "There is no file 'gone'."));
    }

    private void givenFile(Object... events) {
        for (Object event : events) {
            String fileId;
            if (event instanceof FileStored stored) {
                fileId = stored.fileId();
            } else if (event instanceof FileUsed used) {
                fileId = used.fileId();
            } else if (event instanceof FileRenamed renamed) {
                fileId = renamed.fileId();
            } else if (event instanceof FileDeleted deleted) {
                fileId = deleted.fileId();
            } else {
                throw new IllegalArgumentException(event.toString());
            }
            long sequence = fileSequences.merge(fileId, 1L, Long::sum) - 1;
            fileEvents.publish(new GenericDomainEventMessage<>("StoredFile", fileId, sequence, event,
                    MetaData.emptyInstance(), UUID.randomUUID().toString(), AT));
        }
    }

    private List<Object> fileHistory(String fileId) {
        List<Object> history = new ArrayList<>();
        fileEvents.readEvents(fileId).asStream().map(DomainEventMessage::getPayload).forEach(history::add);
        return history;
    }
}
