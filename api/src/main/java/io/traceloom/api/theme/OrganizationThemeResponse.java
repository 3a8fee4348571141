package io.traceloom.api.theme;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.theme.OrganizationThemeView;
import java.time.Instant;
import java.util.Map;

/** SPEC.md's OrganizationTheme: the icon embedded, the variables derived from the colour. */
@Schema(name = "OrganizationTheme", requiredProperties = {"id", "icon", "variables", "createdAt", "updatedAt"})
public record OrganizationThemeResponse(
        String id,
        IconResponse icon,
        @Schema(description = "CSS custom properties derived from the colour (docs/api.md gives the formula): "
                + "`--color-primary`, `-hover`, `-active`, `-light`, `-dark`, each with its `--color-on-…` (black or "
                + "white) and `--contrast-on-…` (the WCAG 2.x ratio), and `--contrast-aa`.",
                example = "{\"--color-primary\": \"#1A73E8\", \"--color-on-primary\": \"#000000\", "
                        + "\"--contrast-on-primary\": \"4.66\", \"--contrast-aa\": \"true\"}")
        Map<String, String> variables,
        Instant createdAt,
        Instant updatedAt) {

    static OrganizationThemeResponse of(OrganizationThemeView theme, String publicBaseUrl) {
        return new OrganizationThemeResponse(theme.id(), IconResponse.of(theme.icon(), publicBaseUrl),
                theme.variables(), theme.createdAt(), theme.updatedAt());
    }
}
