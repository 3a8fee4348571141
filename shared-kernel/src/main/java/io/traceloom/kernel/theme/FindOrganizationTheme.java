package io.traceloom.kernel.theme;

import io.traceloom.kernel.message.TenantScoped;

/**
 * Answered with an {@code Optional<OrganizationThemeView>}.
 *
 * @param themeId the theme's id, or {@code null} for the tenant's theme whatever its id
 */
public record FindOrganizationTheme(String tenantId, String themeId) implements TenantScoped {
}
