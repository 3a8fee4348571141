package io.traceloom.kernel.file;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Records a file whose bytes are already in the content store, under their SHA-256. The bytes never travel
 * in a message: commands and events are small (Axon Server refuses messages over 4 MB by default), and the
 * event store is no place for them.
 *
 * @param key      the sanitised original file name
 * @param mimeType the media type detected from the bytes
 * @param size     the number of bytes
 * @param sha256   the bytes' SHA-256, lower-case hexadecimal: their address in the content store
 */
public record StoreFile(String tenantId, @TargetAggregateIdentifier String fileId, String key, String mimeType,
                        long size, String sha256) implements TenantScoped {
}
