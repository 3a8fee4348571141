package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<CanvasTemplateInstanceView>}. */
public record FindCanvasTemplateInstance(String tenantId, String instanceId) implements TenantScoped {
}
