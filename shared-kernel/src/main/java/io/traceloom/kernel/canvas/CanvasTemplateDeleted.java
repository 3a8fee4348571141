package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

@Revision("1")
public record CanvasTemplateDeleted(String tenantId, String templateId) implements TenantScoped {
}
