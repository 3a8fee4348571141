package io.traceloom.query.history;

import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.List;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;

/** {@link Histories} for query-side tests, over an event store in memory. */
public final class TestHistories {

    private TestHistories() {
    }

    /** For tests of what the read models answer now: an empty store, and no resource declared. */
    public static Histories none() {
        return new Histories(inMemoryStore(), serializer(), null, type -> {
            throw new IllegalStateException("no projection in this test");
        }, List.of());
    }

    public static EventStore inMemoryStore() {
        return EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
    }

    /** Jackson, as the service's event store has it. */
    public static Serializer serializer() {
        return JacksonSerializer.builder().objectMapper(JsonMapper.builder().addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build()).build();
    }
}
