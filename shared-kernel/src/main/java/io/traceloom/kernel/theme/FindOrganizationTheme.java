package io.traceloom.kernel.theme;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<OrganizationThemeView>}.
 *
 * @param themeId the theme's id, or {@code null} for the tenant's theme whatever its id
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindOrganizationTheme(String tenantId, String themeId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindOrganizationTheme(String tenantId, String themeId) {
        this(tenantId, themeId, null);
    }
}
