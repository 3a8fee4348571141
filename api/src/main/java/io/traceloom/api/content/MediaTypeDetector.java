package io.traceloom.api.content;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MediaTypeRegistry;
import org.apache.tika.mime.MimeTypeException;
import org.apache.tika.mime.MimeTypes;

/**
 * What bytes are, told by the bytes (Apache Tika's magic, without its parsers). A client's word (the type it
 * sent, the extension of the name it gave) may only make the answer more precise within what the bytes show:
 * plain text may be CSV or HTML, XML may be SVG; PNG bytes stay PNG whatever the client says, and HTML never
 * becomes an image. Bytes Tika cannot name are {@code application/octet-stream}, and stay so: everything
 * specialises that, so a claim would be believed on nothing.
 */
public final class MediaTypeDetector {

    private static final MimeTypes TYPES = MimeTypes.getDefaultMimeTypes();
    private static final MediaTypeRegistry REGISTRY = TYPES.getMediaTypeRegistry();

    /**
     * @param claimedType the type the client sent, or {@code null}
     * @param fileName    the name the client gave, or {@code null}
     * @return the media type, e.g. {@code image/png}
     */
    public String detect(InputStream bytes, String claimedType, String fileName) throws IOException {
        MediaType detected = TYPES.detect(new BufferedInputStream(bytes, 8192), new Metadata());
        if (detected.equals(MediaType.OCTET_STREAM)) {
            return detected.toString();
        }
        for (MediaType claim : claims(claimedType, fileName)) {
            if (REGISTRY.isSpecializationOf(claim, detected)) {
                return claim.toString();
            }
        }
        return detected.getBaseType().toString();
    }

    /** The usual extension of files of this type ({@code .png}), or {@code ""}. */
    public String extensionOf(String mediaType) {
        try {
            return TYPES.forName(mediaType).getExtension();
        } catch (MimeTypeException unknown) {
            return "";
        }
    }

    private static List<MediaType> claims(String claimedType, String fileName) {
        List<MediaType> claims = new ArrayList<>();
        if (claimedType != null) {
            MediaType parsed = MediaType.parse(claimedType.trim().toLowerCase(Locale.ROOT));
            if (parsed != null) {
                claims.add(REGISTRY.normalize(parsed.getBaseType()));
            }
        }
        if (fileName != null && !fileName.isBlank()) {
            Metadata name = new Metadata();
            name.set(TikaCoreProperties.RESOURCE_NAME_KEY, fileName);
            try {
                MediaType byName = TYPES.detect(null, name);
                if (!byName.equals(MediaType.OCTET_STREAM)) {
                    claims.add(byName);
                }
            } catch (IOException cannotHappenWithoutBytes) {
                // nothing is read
            }
        }
        return claims;
    }
}
