package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import java.time.Instant;

/**
 * Answered with an {@code Optional<CanvasTemplateInstanceView>}.
 *
 * @param asOf {@code null} for the resource as it stands now (its read model); an instant for the resource as
 *             it was then, folded from its events by its projection's own handlers (empty when it did not
 *             exist then)
 */
public record FindCanvasTemplateInstance(String tenantId, String instanceId, Instant asOf) implements TenantScoped {

    /** As it stands now. */
    public FindCanvasTemplateInstance(String tenantId, String instanceId) {
        this(tenantId, instanceId, null);
    }
}
