package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.LinkSetIds;
import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** A link set is an aggregate named by its tenant and the id the tenant chose; so is its document. */
@Configuration(proxyBeanMethods = false)
public class LinkSetHistory {

    public static final ResourceHistory<LinkSetDocument> LINK_SETS = ResourceHistory
            .of("link-sets", LinkSetProjection.class, LinkSetDocument.class)
            .heldBy(LinkSetIds::of)
            .keyedBy(LinkSetIds::of);

    @Bean
    public ResourceHistory<LinkSetDocument> linkSetResourceHistory() {
        return LINK_SETS;
    }
}
