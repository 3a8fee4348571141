package io.traceloom.api.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.util.List;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;
import org.junit.jupiter.api.Test;

/** The event store is the audit log: each event records who caused it, in which tenant and request. */
class AuditMetadataTest {

    @Test
    void eventsRecordTheCallerAndTheRequest() {
        RunningTraceloom traceloom = SharedTraceloom.get();
        ApiProperties.Local caller = traceloom.bean(ApiProperties.class).security().local();

        Response created = traceloom.http().post("/trade-items", "{\"name\":\"Audited apples\"}",
                "X-Request-Id", "audit-request-1");
        String itemId = created.json().get("id").asText();

        List<? extends DomainEventMessage<?>> events =
                traceloom.bean(EventStore.class).readEvents(itemId).asStream().toList();
        assertThat(events).hasSize(1);
        MetaData metaData = events.get(0).getMetaData();
        assertThat(metaData.get("tenantId")).isEqualTo(caller.tenantId());
        assertThat(metaData.get("userId")).isEqualTo(caller.userId());
        assertThat(metaData.get("requestId")).isEqualTo("audit-request-1");
        assertThat(metaData.get("correlationId")).as("the command that caused it").isNotNull();
    }
}
