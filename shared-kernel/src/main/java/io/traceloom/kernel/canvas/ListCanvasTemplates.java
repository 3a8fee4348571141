package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with a {@link CanvasTemplatePage}, oldest first; {@code page} is 1-based. */
public record ListCanvasTemplates(String tenantId, int page, int limit) implements TenantScoped {
}
