package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.DigitalLinkResolution;
import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.kernel.linkset.LinkTypes;
import java.util.List;
import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * What the public resolver answers for one GS1 Digital Link key, under the key itself
 * ({@code 01/09506000134352/10/LOT1}): a lookup by {@code _id}, which every MongoDB (the embedded one too)
 * answers without a scan. It names no tenant, only the link set that holds the key. Pure folds, no I/O.
 *
 * @param linkSet the holding link set's aggregate id ({@link LinkSetIds}), so that a late event of a link set
 *                that no longer holds the key cannot remove another's entry
 * @param links   in the link set's order, the first being the default link; relation types as IRIs
 */
@Document(ResolverDocument.COLLECTION)
public record ResolverDocument(@Id String key, String linkSet, String itemDescription,
                               List<DigitalLinkResolution.Target> links) {

    public static final String COLLECTION = "digital_link_resolver";

    static ResolverDocument of(String tenantId, String linkSetId, String key, String itemDescription,
                               List<LinkRecord> links) {
        List<DigitalLinkResolution.Target> targets = links.stream()
                .map(link -> new DigitalLinkResolution.Target(LinkTypes.iri(link.relationType()).orElse(link.relationType()),
                        link.href(), link.title(), link.lang()))
                .toList();
        return new ResolverDocument(key, LinkSetIds.of(tenantId, linkSetId),
                LinkSetDocument.published(itemDescription, targets.isEmpty() ? "" : targets.get(0).title()), targets);
    }

    DigitalLinkResolution.Level toLevel() {
        return new DigitalLinkResolution.Level(key, itemDescription, links);
    }
}
