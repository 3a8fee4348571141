package io.traceloom.query.credential;

import io.traceloom.kernel.credential.CredentialStatusView;
import io.traceloom.kernel.credential.StatusListOpened;
import io.traceloom.kernel.credential.StatusListView;
import io.traceloom.query.readmodel.TenantDocument;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.GZIPOutputStream;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * A W3C Bitstring Status List: one bit an entry, index 0 the most significant bit of the first byte, as the
 * specification orders them. Pure folds, no I/O.
 *
 * @param bits    the bitstring, {@code length / 8} bytes
 * @param version the number of changes since the list was opened
 */
@Document(StatusListDocument.COLLECTION)
public record StatusListDocument(@Id String id, String tenantId, String issuer, String purpose, int length,
                                 byte[] bits, long version, Instant updatedAt) implements TenantDocument {

    public static final String COLLECTION = "status_lists";

    public static StatusListDocument opened(StatusListOpened event, Instant at) {
        return new StatusListDocument(event.listId(), event.tenantId(), event.issuer(), event.purpose(),
                event.length(), new byte[event.length() / 8], 0, at);
    }

    /** The list with the entry's bit set; unchanged when it was set already. */
    public StatusListDocument set(int index, Instant at) {
        if (isSet(index)) {
            return this;
        }
        byte[] changed = Arrays.copyOf(bits, bits.length);
        changed[index / 8] |= (byte) (0x80 >>> (index % 8));
        return new StatusListDocument(id, tenantId, issuer, purpose, length, changed, version + 1, at);
    }

    public boolean isSet(long index) {
        return index >= 0 && index < length && (bits[(int) (index / 8)] & (0x80 >>> (int) (index % 8))) != 0;
    }

    public CredentialStatusView status(long index) {
        return new CredentialStatusView(issuer, purpose, length, isSet(index));
    }

    public StatusListView toView() {
        return new StatusListView(id, tenantId, issuer, purpose, length, encodedList(), version, updatedAt);
    }

    /** The bitstring GZIP-compressed, as multibase base64url without padding ({@code u…}). */
    private String encodedList() {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            gzip.write(bits);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "u" + Base64.getUrlEncoder().withoutPadding().encodeToString(compressed.toByteArray());
    }
}
