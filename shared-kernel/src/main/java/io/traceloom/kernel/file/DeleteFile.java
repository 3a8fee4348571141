package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** @param expectedVersion the version the caller last saw (from an {@code If-Match}), or {@code null} */
public record DeleteFile(String tenantId, @TargetAggregateIdentifier String fileId, Long expectedVersion)
        implements TenantScoped {
}
