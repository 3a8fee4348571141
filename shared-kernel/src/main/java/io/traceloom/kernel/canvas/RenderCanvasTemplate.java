package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Render a canvas template with these variables, and record the render as a canvas template instance.
 * Answered with the instance's id.
 *
 * @param variables  a JSON object as text: checked against the template's schema, then rendered
 * @param renderedBy the id of the user who renders it
 */
public record RenderCanvasTemplate(String tenantId, @TargetAggregateIdentifier String instanceId, String templateId,
                                   String variables, String renderedBy) implements TenantScoped {
}
