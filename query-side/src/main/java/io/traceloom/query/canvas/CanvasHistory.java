package io.traceloom.query.canvas;

import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Templates and their renders are aggregates of their own. */
@Configuration(proxyBeanMethods = false)
public class CanvasHistory {

    public static final ResourceHistory<CanvasTemplateDocument> CANVAS_TEMPLATES = ResourceHistory
            .of("canvas-templates", CanvasTemplateProjection.class, CanvasTemplateDocument.class);

    public static final ResourceHistory<CanvasTemplateInstanceDocument> CANVAS_TEMPLATE_INSTANCES = ResourceHistory
            .of("canvas-template-instances", CanvasTemplateInstanceProjection.class,
                    CanvasTemplateInstanceDocument.class);

    @Bean
    public ResourceHistory<CanvasTemplateDocument> canvasTemplateResourceHistory() {
        return CANVAS_TEMPLATES;
    }

    @Bean
    public ResourceHistory<CanvasTemplateInstanceDocument> canvasTemplateInstanceResourceHistory() {
        return CANVAS_TEMPLATE_INSTANCES;
    }
}
