package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<CanvasTemplateView>}. */
public record FindCanvasTemplate(String tenantId, String templateId) implements TenantScoped {
}
