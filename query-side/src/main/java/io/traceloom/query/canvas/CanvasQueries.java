package io.traceloom.query.canvas;

import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.CanvasTemplatePage;
import io.traceloom.kernel.canvas.CanvasTemplateView;
import io.traceloom.kernel.canvas.FindCanvasTemplate;
import io.traceloom.kernel.canvas.FindCanvasTemplateInstance;
import io.traceloom.kernel.canvas.ListCanvasTemplates;
import io.traceloom.query.history.Histories;
import io.traceloom.query.readmodel.MongoPages;
import io.traceloom.query.readmodel.TenantDocument;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

@Component
public class CanvasQueries {

    private final MongoTemplate mongo;
    private final Histories histories;

    public CanvasQueries(MongoTemplate mongo, Histories histories) {
        this.mongo = mongo;
        this.histories = histories;
    }

    @QueryHandler
    public Optional<CanvasTemplateView> handle(FindCanvasTemplate query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, CanvasTemplateDocument.class, query.templateId(), query.tenantId())
                : histories.asOf(CanvasHistory.CANVAS_TEMPLATES, query.tenantId(), query.templateId(), query.asOf()))
                .map(CanvasTemplateDocument::toView);
    }

    @QueryHandler
    public CanvasTemplatePage handle(ListCanvasTemplates query) {
        MongoPages.Slice<CanvasTemplateDocument> slice = MongoPages.listed(mongo, CanvasTemplateDocument.class, CanvasTemplateDocument::id,
                query.tenantId(), query.page(), query.limit());
        return new CanvasTemplatePage(slice.items().stream().map(CanvasTemplateDocument::toView).toList(), slice.total());
    }

    @QueryHandler
    public Optional<CanvasTemplateInstanceView> handle(FindCanvasTemplateInstance query) {
        return (query.asOf() == null
                ? TenantDocument.findById(mongo, CanvasTemplateInstanceDocument.class, query.instanceId(), query.tenantId())
                : histories.asOf(CanvasHistory.CANVAS_TEMPLATE_INSTANCES, query.tenantId(), query.instanceId(), query.asOf()))
                .map(CanvasTemplateInstanceDocument::toView);
    }
}
