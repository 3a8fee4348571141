package io.traceloom.api.linkset;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.linkset.LinkSetView;
import io.traceloom.kernel.linkset.LinkView;
import java.time.Instant;
import java.util.List;

/** A LinkSet as SPEC.md shows it, with the GS1 {@code itemDescription} its linkset publishes. */
@Schema(name = "LinkSet", requiredProperties = {"id", "identifier", "qualifier", "itemDescription", "links",
        "createdAt", "updatedAt"})
public record LinkSetResponse(String id,
                              @Schema(example = "01/09506000134352") String identifier,
                              @Schema(description = "Empty when there are none.", example = "10/LOT1") String qualifier,
                              @Schema(description = "As given, else the first link's title.") String itemDescription,
                              List<Link> links, Instant createdAt, Instant updatedAt) {

    @Schema(name = "Link", requiredProperties = {"relationType", "title", "href", "lang", "createdAt", "updatedAt"})
    public record Link(@Schema(description = "As given.") String relationType, String title, String href,
                       @Schema(description = "The stored file's key when `href` points at a file of this service; "
                               + "absent otherwise.")
                       @JsonInclude(JsonInclude.Include.NON_NULL) String objectKey,
                       List<String> lang,
                       @Schema(description = "When this link (the same relationType, href and lang) first appeared "
                               + "in the link set.") Instant createdAt,
                       @Schema(description = "When its title last changed.") Instant updatedAt) {

        static Link of(LinkView link) {
            return new Link(link.relationType(), link.title(), link.href(), link.objectKey(), link.lang(),
                    link.createdAt(), link.updatedAt());
        }
    }

    public static LinkSetResponse of(LinkSetView linkSet) {
        return new LinkSetResponse(linkSet.id(), linkSet.identifier(), linkSet.qualifier(), linkSet.itemDescription(),
                linkSet.links().stream().map(Link::of).toList(), linkSet.createdAt(), linkSet.updatedAt());
    }
}
