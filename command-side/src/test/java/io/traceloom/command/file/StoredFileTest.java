package io.traceloom.command.file;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.file.DeleteFile;
import io.traceloom.kernel.file.FileDeleted;
import io.traceloom.kernel.file.FileReleased;
import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.file.FileStored;
import io.traceloom.kernel.file.FileUsed;
import io.traceloom.kernel.file.RenameFile;
import io.traceloom.kernel.file.StoreFile;
import io.traceloom.kernel.message.Rejection;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StoredFileTest {

    private static final String TENANT = "tenant-1";
    private static final String SHA = "a".repeat(64);
    private static final FileStored STORED = new FileStored(TENANT, "file-1", "logo.png", "image/png", 42, SHA);

    private AggregateTestFixture<StoredFile> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(StoredFile.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
    }

    @Test
    void aFileIsStoredByItsMetadataAndTheAddressOfItsBytes() {
        fixture.givenNoPriorActivity()
                .when(new StoreFile(TENANT, "file-1", "logo.png", "image/png", 42, SHA))
                .expectEvents(STORED);
    }

    @Test
    void aFileIsRenamed() {
        fixture.given(STORED)
                .when(new RenameFile(TENANT, "file-1", "brand.png", null))
                .expectEvents(new FileRenamed(TENANT, "file-1", "brand.png"));
    }

    @Test
    void renamingToTheSameNameChangesNothing() {
        fixture.given(STORED)
                .when(new RenameFile(TENANT, "file-1", "logo.png", 0L))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void renamingAnotherVersionThanTheCallerSawIsRefused() {
        fixture.given(STORED, new FileRenamed(TENANT, "file-1", "brand.png"))
                .when(new RenameFile(TENANT, "file-1", "other.png", 0L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch(
                        "File 'file-1' has changed: it is at version 1, not 0."));
    }

    @Test
    void usesDoNotChangeTheVersionTheCallerSees() {
        fixture.given(STORED, new FileUsed(TENANT, "file-1", "theme", "the icon"),
                        new FileReleased(TENANT, "file-1", "theme"))
                .when(new DeleteFile(TENANT, "file-1", 0L))
                .expectEvents(new FileDeleted(TENANT, "file-1"));
    }

    @Test
    void anotherTenantsFileDoesNotExistWhateverElseIsAsked() {
        fixture.given(STORED, new FileUsed(TENANT, "file-1", "theme", "the icon"))
                .when(new DeleteFile("tenant-2", "file-1", 7L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("File 'file-1' does not exist."));
        fixture.given(STORED)
                .when(new RenameFile("tenant-2", "file-1", "mine.png", 7L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("File 'file-1' does not exist."));
    }

    @Test
    void aFileInUseIsNotDeleted() {
        fixture.given(STORED, new FileUsed(TENANT, "file-1", "organization-theme:tenant-1",
                        "the icon of organization theme 'theme-1'"))
                .when(new DeleteFile(TENANT, "file-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.conflict(null, "File 'file-1' is in use as the icon of "
                        + "organization theme 'theme-1'; it can be deleted once nothing uses it."));
    }

    @Test
    void aReleasedFileIsDeleted() {
        fixture.given(STORED, new FileUsed(TENANT, "file-1", "theme", "the icon"),
                        new FileReleased(TENANT, "file-1", "theme"))
                .when(new DeleteFile(TENANT, "file-1", null))
                .expectEvents(new FileDeleted(TENANT, "file-1"));
    }

    @Test
    void aDeletedFileIsGone() {
        fixture.given(STORED, new FileDeleted(TENANT, "file-1"))
                .when(new DeleteFile(TENANT, "file-1", null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }
}
