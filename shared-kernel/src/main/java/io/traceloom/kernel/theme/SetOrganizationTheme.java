package io.traceloom.kernel.theme;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Creates the tenant's organization theme, or replaces it.
 *
 * @param newThemeId the id the theme gets if this creates it; a replacement keeps the theme's id
 * @param color      {@code #RRGGBB}, upper-case (see {@link HexColor})
 * @param iconFileId the id of a raster image file of the tenant
 */
public record SetOrganizationTheme(String tenantId, String newThemeId, String color, String iconFileId)
        implements TenantScoped {

    @TargetAggregateIdentifier
    public String themeAggregateId() {
        return OrganizationThemeId.of(tenantId);
    }
}
