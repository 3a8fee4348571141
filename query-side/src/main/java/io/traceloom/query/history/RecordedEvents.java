package io.traceloom.query.history;

import io.traceloom.kernel.history.Bookkeeping;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.kernel.message.TenantScoped;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;

/** Events of the store as auditors are shown them. */
public final class RecordedEvents {

    private RecordedEvents() {
    }

    /** The tenant an event belongs to, or {@code null} when it names none (it then belongs to no tenant). */
    public static String tenantOf(EventMessage<?> event) {
        return event.getPayload() instanceof TenantScoped scoped ? scoped.tenantId() : null;
    }

    /** Whether an event is the service's bookkeeping, which no history and no feed shows. */
    public static boolean isBookkeeping(EventMessage<?> event) {
        return event.getPayload() instanceof Bookkeeping;
    }

    /**
     * The event with its data as the store holds it: serialized by the serializer the store uses, the stored
     * form comes back as it was read (after any upcasting, which {@code revision} then names).
     */
    public static RecordedEvent of(EventMessage<?> event, Serializer serializer) {
        SerializedObject<String> data = event.serializePayload(serializer, String.class);
        String typeName = data.getType().getName();
        MetaData metaData = event.getMetaData();
        long sequence = -1;
        String aggregateType = null;
        String aggregateId = null;
        if (event instanceof DomainEventMessage<?> domain) {
            sequence = domain.getSequenceNumber();
            aggregateType = domain.getType();
            aggregateId = domain.getAggregateIdentifier();
        }
        return new RecordedEvent(sequence, typeName.substring(typeName.lastIndexOf('.') + 1),
                data.getType().getRevision(), event.getTimestamp(), tenantOf(event),
                text(metaData.get(RecordedEvent.USER_ID)), text(metaData.get(RecordedEvent.REQUEST_ID)),
                data.getData(), aggregateType, aggregateId);
    }

    private static String text(Object value) {
        return value instanceof String text ? text : null;
    }
}
