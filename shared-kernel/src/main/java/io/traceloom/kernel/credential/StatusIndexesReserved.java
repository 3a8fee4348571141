package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * Positions {@code first} to {@code first + count - 1} of a status list were handed to one process, which
 * gives them to the credentials it issues; positions it never gives (it stopped) stay unused, never given
 * twice.
 */
@Revision("1")
public record StatusIndexesReserved(String tenantId, String listId, long first, int count) implements TenantScoped {
}
