package io.traceloom.api.theme;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotNull;

/** What a colour is is the kernel's {@code HexColor}; an icon id is checked for its shape by the controller. */
public record SetOrganizationThemeRequest(
        @NotNull @Schema(description = "`#RRGGBB` or `#RGB`, any case; kept as `#RRGGBB` upper-case.",
                pattern = "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$", example = "#1A73E8")
        String color,
        @NotNull @Schema(description = "The id of a PNG, JPEG, GIF or WebP file of yours (`POST /files`).",
                format = "uuid")
        String icon) {
}
