package io.traceloom.kernel.theme;

import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** The theme's colour and icon were replaced; it keeps its id and creation time. */
@Revision("1")
public record OrganizationThemeReplaced(String tenantId, String themeId, String color, FileSnapshot icon)
        implements TenantScoped {
}
