package io.traceloom.kernel.linkset;

import java.time.Instant;
import java.util.List;

/**
 * A link as an event records it.
 *
 * @param relationType as the client wrote it ({@code gs1:pip}); {@link LinkTypes#iri} gives its IRI
 * @param lang         language tags, normalised in case ({@code en-GB})
 * @param createdAt    when the link (the same relation type, href and languages) first appeared in the link
 *                     set, or {@code null}: at this event
 * @param updatedAt    when its title last changed, or {@code null}: at this event
 */
public record LinkRecord(String relationType, String href, String title, List<String> lang, Instant createdAt,
                         Instant updatedAt) {

    public LinkRecord {
        lang = List.copyOf(lang);
    }
}
