package io.traceloom.kernel.canvas;

import io.traceloom.kernel.message.TenantScoped;
import java.util.List;
import org.axonframework.serialization.Revision;

/**
 * @param schema      the JSON Schema kept with the template, as JSON object text, or {@code null}
 * @param schemaId    the stored schema the variables must satisfy instead, or {@code null}
 * @param usedSchemas the tenant's stored schemas the template relies on ({@code schemaId}, or those its
 *                    schema refers to), sorted: each records this use in the same transaction
 */
@Revision("1")
public record CanvasTemplateCreated(String tenantId, String templateId, String name, String template,
                                    String schema, String schemaId, List<String> usedSchemas) implements TenantScoped {
}
