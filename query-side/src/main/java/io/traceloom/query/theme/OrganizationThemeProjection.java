package io.traceloom.query.theme;

import io.traceloom.kernel.file.FileRenamed;
import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.query.readmodel.Documents;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.ResetHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.springframework.stereotype.Component;

/**
 * Themes with their icon embedded. The icon stays true to its file: a file event that changes what the icon
 * shows is folded here too. (A file in use cannot be deleted, so only a rename can change it.)
 */
@Component
@ProcessingGroup(OrganizationThemeProjection.PROCESSING_GROUP)
public class OrganizationThemeProjection {

    public static final String PROCESSING_GROUP = "organization-themes";

    private final ReadModelWriter writer;

    public OrganizationThemeProjection(ReadModelWriter writer) {
        this.writer = writer;
    }

    private Documents<OrganizationThemeDocument> themes() {
        return writer.documents(OrganizationThemeDocument.class, OrganizationThemeDocument::tenantId);
    }

    @EventHandler
    void on(OrganizationThemeCreated event, @Timestamp Instant at, @SequenceNumber long version) {
        themes().save(OrganizationThemeDocument.created(event, at, version));
    }

    @EventHandler
    void on(OrganizationThemeReplaced event, @Timestamp Instant at, @SequenceNumber long version) {
        Documents<OrganizationThemeDocument> themes = themes();
        OrganizationThemeDocument theme = themes.find(event.tenantId());
        if (theme != null) {
            themes.save(theme.replaced(event, at, version));
        }
    }

    /** One lookup by the tenant, whose one theme is the only one that can show the file. */
    @EventHandler
    void on(FileRenamed event, @Timestamp Instant at, @SequenceNumber long fileVersion) {
        Documents<OrganizationThemeDocument> themes = themes();
        OrganizationThemeDocument theme = themes.find(event.tenantId());
        if (theme != null && theme.hasIcon(event.fileId())) {
            themes.save(theme.iconRenamed(event.key(), at, fileVersion));
        }
    }

    @ResetHandler
    void reset() {
        writer.clear(OrganizationThemeDocument.class);
    }
}
