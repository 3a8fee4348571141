package io.traceloom.kernel.credential;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.serialization.Revision;

/**
 * A tenant's new W3C Bitstring Status List came into use: every bit 0. Its positions are handed out in
 * order, and position {@code p} is the list's index {@code (offset + stride * p) mod length}: a bijection
 * (the stride is odd, the length a power of two) that spreads consecutive credentials over the list, as the
 * specification asks for their holders' privacy, while no index can be given twice.
 *
 * @param listId  the list's id, the last segment of the status list credential's URL
 * @param issuer  the tenant's {@code did:key}, which signs the status list credential
 * @param purpose the list's {@code statusPurpose}, e.g. {@code revocation}
 * @param length  the number of entries, at least 131,072 (the specification's minimum, for herd privacy)
 */
@Revision("1")
public record StatusListOpened(String tenantId, String listId, String issuer, String purpose, int length, int stride,
                               int offset) implements TenantScoped {

    /** The list's index at {@code position}. */
    public int indexAt(long position) {
        return (int) Math.floorMod(offset + (long) stride * position, (long) length);
    }
}
