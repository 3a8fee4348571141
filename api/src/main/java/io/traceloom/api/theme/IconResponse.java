package io.traceloom.api.theme;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.file.FileView;
import java.time.Instant;

/** SPEC.md's {@code Icon}: the icon file's metadata, as the file stands now. */
@Schema(name = "Icon", requiredProperties = {"id", "url", "key", "mimeType", "size", "createdAt", "updatedAt"})
public record IconResponse(
        String id,
        @Schema(description = "The absolute URL of the icon's bytes.", format = "uri") String url,
        @Schema(description = "The file name.") String key,
        @Schema(description = "The media type detected from the bytes.", example = "image/png") String mimeType,
        @Schema(description = "The number of bytes.") long size,
        Instant createdAt,
        Instant updatedAt) {

    static IconResponse of(FileView file, String publicBaseUrl) {
        return new IconResponse(file.id(), publicBaseUrl + file.contentPath(), file.key(), file.mimeType(),
                file.size(), file.createdAt(), file.updatedAt());
    }
}
