package io.traceloom.kernel.linkset;

import java.time.Instant;
import java.util.List;

/** @param objectKey the stored file's key when {@code href} points at a file of this service, else {@code null} */
public record LinkView(String relationType, String title, String href, String objectKey, List<String> lang,
                       Instant createdAt, Instant updatedAt) {
}
