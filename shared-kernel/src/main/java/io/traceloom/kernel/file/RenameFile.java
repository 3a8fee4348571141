package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * @param key             the new (sanitised) file name
 * @param expectedVersion the version the caller last saw (from an {@code If-Match}), or {@code null}; checked by
 *                        the file itself, after the tenant
 */
public record RenameFile(String tenantId, @TargetAggregateIdentifier String fileId, String key,
                         Long expectedVersion) implements TenantScoped {
}
