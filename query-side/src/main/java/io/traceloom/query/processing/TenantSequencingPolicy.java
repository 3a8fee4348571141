package io.traceloom.query.processing;

import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.async.SequencingPolicy;
import org.axonframework.eventhandling.async.SequentialPerAggregatePolicy;

/**
 * Projections see the events of one tenant in the order they happened. Read models embed data across
 * aggregates of a tenant (a trade item embeds its tag), so per-aggregate ordering would not be enough once
 * a processor runs several segments; tenants stay independent and can be processed in parallel.
 */
public class TenantSequencingPolicy implements SequencingPolicy<EventMessage<?>> {

    private final SequentialPerAggregatePolicy fallback = SequentialPerAggregatePolicy.instance();

    @Override
    public Object getSequenceIdentifierFor(EventMessage<?> event) {
        if (event.getPayload() instanceof TenantScoped scoped) {
            return scoped.tenantId();
        }
        return fallback.getSequenceIdentifierFor(event);
    }
}
