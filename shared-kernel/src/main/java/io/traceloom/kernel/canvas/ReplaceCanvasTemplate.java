package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Replace a canvas template's name, template and schema (see {@link CreateCanvasTemplate}).
 *
 * @param expectedVersion the version the caller last saw (an {@code If-Match}), or {@code null}
 */
public record ReplaceCanvasTemplate(String tenantId, @TargetAggregateIdentifier String templateId, String name,
                                    String template, String schema, String schemaId, Long expectedVersion)
        implements TenantScoped {
}
