package io.traceloom.query.theme;

import io.traceloom.kernel.theme.OrganizationThemeCreated;
import io.traceloom.kernel.theme.OrganizationThemeId;
import io.traceloom.kernel.theme.OrganizationThemeReplaced;
import io.traceloom.query.history.ResourceHistory;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The tenant's one theme is an aggregate named after the tenant, and its document is keyed by the tenant; asked
 * for by its id, only events of the theme with that id are its. Its read model embeds its icon file as the file
 * stands, so the events of every file that was its icon fold in too.
 */
@Configuration(proxyBeanMethods = false)
public class OrganizationThemeHistory {

    public static final ResourceHistory<OrganizationThemeDocument> ORGANIZATION_THEMES = ResourceHistory
            .of("organization-themes", OrganizationThemeProjection.class, OrganizationThemeDocument.class)
            .heldBy((tenantId, id) -> OrganizationThemeId.of(tenantId))
            .keyedBy((tenantId, id) -> tenantId)
            .about(OrganizationThemeCreated.class, OrganizationThemeCreated::themeId)
            .about(OrganizationThemeReplaced.class, OrganizationThemeReplaced::themeId)
            .embedding("files", theme -> List.of(theme.icon().id()));

    @Bean
    public ResourceHistory<OrganizationThemeDocument> organizationThemeResourceHistory() {
        return ORGANIZATION_THEMES;
    }
}
