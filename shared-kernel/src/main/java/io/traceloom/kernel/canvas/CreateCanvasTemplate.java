package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Create a canvas template. Exactly one of {@code schema} and {@code schemaId} says what the variables of a
 * render must satisfy.
 *
 * @param template the Handlebars template
 * @param schema   a JSON Schema kept with the template, as JSON object text, or {@code null}
 * @param schemaId the id of one of the tenant's stored schemas, or {@code null}
 */
public record CreateCanvasTemplate(String tenantId, @TargetAggregateIdentifier String templateId, String name,
                                   String template, String schema, String schemaId) implements TenantScoped {
}
