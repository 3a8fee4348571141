package io.traceloom.query.theme;

import io.traceloom.kernel.theme.FindOrganizationTheme;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class OrganizationThemeQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public OrganizationThemeQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<OrganizationThemeView> handle(FindOrganizationTheme query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, OrganizationThemeDocument.class, query.tenantId(), query.tenantId())
                : histories.asOf(OrganizationThemeHistory.ORGANIZATION_THEMES, query.tenantId(), query.themeId(),
                        query.asOf()))
                .filter(theme -> query.themeId() == null || theme.themeId().equals(query.themeId()))
                .map(OrganizationThemeDocument::toView);
    }
}
