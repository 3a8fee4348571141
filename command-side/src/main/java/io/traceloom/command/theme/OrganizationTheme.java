package io.traceloom.command.theme;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.file.StoredFiles;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeId;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.kernel.theme.SetOrganizationTheme;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tenant's one organization theme: its colour and its icon. The icon must be a raster image file of the
 * tenant, decided from the file's own event-sourced state ({@link StoredFiles}); the theme records that it
 * uses the file, so the file cannot be deleted under it.
 */
@Aggregate
public class OrganizationTheme {

    /** What browsers show in an {@code img} without running anything: no SVG, which is a document. */
    static final Set<String> ICON_TYPES = Set.of("image/png", "image/jpeg", "image/gif", "image/webp");

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String themeId;
    private String iconFileId;

    protected OrganizationTheme() {
        // for Axon
    }

    /** The first one creates the theme, with the command's new id; every later one replaces it and keeps it. */
    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(SetOrganizationTheme command, StoredFiles files) {
        FileSnapshot icon = files.find(command.tenantId(), command.iconFileId())
                .orElseThrow(() -> new DomainRejectionException(Rejection.invalid("icon",
                        "There is no file '" + command.iconFileId() + "'.")));
        if (!ICON_TYPES.contains(icon.mimeType())) {
            throw new DomainRejectionException(Rejection.invalid("icon", "File '" + icon.id() + "' is "
                    + icon.mimeType() + "; an icon must be a raster image: PNG, JPEG, GIF or WebP."));
        }
        String previousIcon = iconFileId;
        if (themeId == null) {
            apply(new OrganizationThemeCreated(command.tenantId(), command.newThemeId(), command.color(), icon));
        } else {
            apply(new OrganizationThemeReplaced(tenantId, themeId, command.color(), icon));
        }
        if (!icon.id().equals(previousIcon)) {
            files.use(tenantId, icon.id(), id, "the icon of organization theme '" + themeId + "'");
            if (previousIcon != null) {
                files.release(tenantId, previousIcon, id);
            }
        }
    }

    @EventSourcingHandler
    void on(OrganizationThemeCreated event) {
        id = OrganizationThemeId.of(event.tenantId());
        tenantId = event.tenantId();
        themeId = event.themeId();
        iconFileId = event.icon().id();
    }

    @EventSourcingHandler
    void on(OrganizationThemeReplaced event) {
        iconFileId = event.icon().id();
    }
}
