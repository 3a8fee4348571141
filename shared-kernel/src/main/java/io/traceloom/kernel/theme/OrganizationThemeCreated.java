package io.traceloom.kernel.theme;

import io.traceloom.kernel.file.FileSnapshot;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/** @param icon the icon file as it stood when the theme took it */
@Revision("1")
public record OrganizationThemeCreated(String tenantId, String themeId, String color, FileSnapshot icon)
        implements TenantScoped {
}
