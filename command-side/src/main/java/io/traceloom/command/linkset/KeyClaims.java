package io.traceloom.command.linkset;

import io.traceloom.kernel.linkset.DigitalLinkKeys;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Claims and releases GS1 Digital Link keys for link sets, in the link set's own unit of work: the claim, the
 * release of the key it had before and the link set's change are committed together, or none is. The link
 * set is locked first and its keys second, always in that order.
 */
@Component
public class KeyClaims {

    private final Repository<DigitalLinkKey> keys;

    public KeyClaims(Repository<DigitalLinkKey> keys) {
        this.keys = keys;
    }

    /** @throws io.traceloom.command.rejection.DomainRejectionException (conflict) when another link set holds it */
    public void claim(String tenantId, String key, String linkSetId) throws Exception {
        keys.loadOrCreate(DigitalLinkKeys.aggregateId(key), DigitalLinkKey::new)
                .execute(digitalLinkKey -> digitalLinkKey.claim(tenantId, key, linkSetId));
    }

    /** Only a key the link set holds is released, so it exists. */
    public void release(String tenantId, String key, String linkSetId) {
        keys.load(DigitalLinkKeys.aggregateId(key)).execute(digitalLinkKey -> digitalLinkKey.release(tenantId, key, linkSetId));
    }
}
