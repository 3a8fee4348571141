package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<CanvasTemplateView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindCanvasTemplate(String tenantId, String templateId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindCanvasTemplate(String tenantId, String templateId) {
        this(tenantId, templateId, null);
    }
}
