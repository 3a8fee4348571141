package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/** The template's name, template and schema now (see {@link CanvasTemplateCreated}). */
@Revision("1")
public record CanvasTemplateReplaced(String tenantId, String templateId, String name, String template,
                                     String schema, String schemaId, List<String> usedSchemas) implements TenantScoped {
}
