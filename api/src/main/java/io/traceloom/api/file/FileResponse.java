package io.traceloom.api.file;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.file.FileView;
import java.time.Instant;

/** A stored file's metadata, as the theme's icon shows it too (SPEC.md's {@code Icon}). */
@Schema(name = "File", requiredProperties = {"id", "url", "key", "mimeType", "size", "createdAt", "updatedAt"})
public record FileResponse(
        String id,
        @Schema(description = "The absolute URL of the file's bytes.", format = "uri") String url,
        @Schema(description = "The file name: the uploaded file's own, sanitised.") String key,
        @Schema(description = "The media type, detected from the bytes.", example = "image/png") String mimeType,
        @Schema(description = "The number of bytes.") long size,
        Instant createdAt,
        Instant updatedAt) {

    static FileResponse of(FileView file, String publicBaseUrl) {
        return new FileResponse(file.id(), publicBaseUrl + file.contentPath(), file.key(), file.mimeType(),
                file.size(), file.createdAt(), file.updatedAt());
    }
}
