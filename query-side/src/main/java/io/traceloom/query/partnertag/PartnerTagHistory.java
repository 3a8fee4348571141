package io.traceloom.query.partnertag;

import io.traceloom.kernel.catalogue.TagEvent;
import io.traceloom.kernel.partnertag.PartnerTagCatalogueId;
import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A partner tag lives in its tenant's catalogue: its history is the catalogue's events about it. */
@Configuration(proxyBeanMethods = false)
public class PartnerTagHistory {

    public static final ResourceHistory<PartnerTagDocument> PARTNER_TAGS = ResourceHistory
            .of("partner-tags", PartnerTagProjection.class, PartnerTagDocument.class)
            .heldBy((tenantId, id) -> PartnerTagCatalogueId.of(tenantId))
            .about(TagEvent.class, TagEvent::tagId);

    @Bean
    public ResourceHistory<PartnerTagDocument> partnerTagResourceHistory() {
        return PARTNER_TAGS;
    }
}
