package io.traceloom.query.theme;

import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.query.readmodel.TenantDocument;
import java.time.Instant;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A tenant's organization theme, keyed by the tenant: there is one per tenant, and both ways of reading it
 * (the tenant's theme, a theme by id) and every file event that may change its icon find it by {@code _id}.
 * The variables are derived from the colour when read ({@link ThemePalette}), never stored. Pure folds.
 *
 * @param themeId the theme's public id
 */
@Document(OrganizationThemeDocument.COLLECTION)
public record OrganizationThemeDocument(@Id String tenantId, String themeId, String color, IconState icon,
                                        Instant createdAt, Instant updatedAt, long version) implements TenantDocument {

    public static final String COLLECTION = "organization_themes";

    public static OrganizationThemeDocument created(OrganizationThemeCreated event, Instant at, long version) {
        return new OrganizationThemeDocument(event.tenantId(), event.themeId(), event.color(),
                IconState.of(event.icon()), at, at, version);
    }

    public OrganizationThemeDocument replaced(OrganizationThemeReplaced event, Instant at, long newVersion) {
        return new OrganizationThemeDocument(tenantId, themeId, event.color(), IconState.of(event.icon()), createdAt,
                at, newVersion);
    }

    public boolean hasIcon(String fileId) {
        return icon.id().equals(fileId);
    }

    /** The icon file was renamed: the theme shows it as it stands, its own version unchanged. */
    public OrganizationThemeDocument iconRenamed(String key, Instant at, long fileVersion) {
        return new OrganizationThemeDocument(tenantId, themeId, color, icon.renamed(key, at, fileVersion), createdAt,
                updatedAt, version);
    }

    public OrganizationThemeView toView() {
        return new OrganizationThemeView(themeId, color, icon.toView(), ThemePalette.of(color).variables(), createdAt,
                updatedAt, version);
    }
}
