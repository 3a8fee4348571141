package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Delete a canvas template; what was rendered from it stays readable.
 *
 * @param expectedVersion the version the caller last saw (an {@code If-Match}), or {@code null}
 */
public record DeleteCanvasTemplate(String tenantId, @TargetAggregateIdentifier String templateId,
                                   Long expectedVersion) implements TenantScoped {
}
