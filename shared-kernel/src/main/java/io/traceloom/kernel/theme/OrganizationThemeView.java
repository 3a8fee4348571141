package io.traceloom.kernel.theme;

import io.traceloom.kernel.file.FileView;
import java.time.Instant;
import java.util.Map;

/**
 * @param icon      the icon file as it stands now
 * @param variables CSS custom properties derived from the colour, in a fixed order
 * @param version   the theme aggregate's version
 */
public record OrganizationThemeView(String id, String color, FileView icon, Map<String, String> variables,
                                    Instant createdAt, Instant updatedAt, long version) {
}
