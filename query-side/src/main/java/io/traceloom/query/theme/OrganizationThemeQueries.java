package io.traceloom.query.theme;

import io.traceloom.kernel.theme.FindOrganizationTheme;
import io.traceloom.kernel.theme.OrganizationThemeView;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class OrganizationThemeQueries {

    private final MongoTemplate mongo;

    public OrganizationThemeQueries(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @QueryHandler
    public Optional<OrganizationThemeView> handle(FindOrganizationTheme query) {
        return TenantDocument.findById(mongo, OrganizationThemeDocument.class, query.tenantId(), query.tenantId())
                .filter(theme -> query.themeId() == null || theme.themeId().equals(query.themeId()))
                .map(OrganizationThemeDocument::toView);
    }
}
