package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * Who rendered what, from which version of which template, and what came out.
 *
 * @param variables       the variables as JSON object text, as they were checked and rendered
 * @param templateVersion the template's version the render used
 * @param renderedBy      the id of the user who rendered it
 */
@Revision("1")
public record CanvasTemplateRendered(String tenantId, String instanceId, String templateId, long templateVersion,
                                     String variables, String renderedOutput, String renderedBy)
        implements TenantScoped {
}
