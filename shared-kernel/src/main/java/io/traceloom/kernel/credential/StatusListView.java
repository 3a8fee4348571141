package io.traceloom.kernel.credential;

import java.time.Instant;

/**
 * A status list as the events made it.
 *
 * @param encodedList the bitstring, GZIP-compressed, multibase base64url ({@code u…}), as the W3C Bitstring
 *                    Status List specifies
 * @param version     changes whenever a bit does
 * @param updatedAt   when a bit last changed (or the list was opened)
 */
public record StatusListView(String listId, String tenantId, String issuer, String purpose, int length,
                             String encodedList, long version, Instant updatedAt) {
}
