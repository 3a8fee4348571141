package io.traceloom.command.tradeitemtag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import java.time.Instant;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;
import org.junit.jupiter.api.Test;

/**
 * A catalogue survives the trip through a snapshot: the service's Jackson serializer writes it and
 * reads it back to the same decisions.
 */
class TradeItemTagCatalogueSnapshotTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678901234Z");

    /** As AxonConfiguration builds the service's serializer. */
    private final JacksonSerializer serializer = JacksonSerializer.builder().objectMapper(JsonMapper.builder()
                    .addModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .build())
            .build();

    @Test
    void aSnapshotKeepsEveryTagAndTheCodesOfDeletedOnes() {
        TradeItemTagCatalogue catalogue = new TradeItemTagCatalogue();
        catalogue.on(new TradeItemTagCreated("tenant-1", "tag-1", "ORGANIC", "Organic", "EU organic"), T0, 0);
        catalogue.on(new TradeItemTagCreated("tenant-1", "tag-2", "FAIR", "Fair", null), T0.plusSeconds(1), 1);
        catalogue.on(new TradeItemTagDeleted("tenant-1", "tag-2"), T0.plusSeconds(2), 2);

        SerializedObject<byte[]> snapshot = serializer.serialize(catalogue, byte[].class);
        TradeItemTagCatalogue restored = serializer.deserialize(snapshot);

        assertThat(restored.liveTag("ORGANIC")).isEqualTo(catalogue.liveTag("ORGANIC"));
        assertThat(restored.liveTag("ORGANIC")).hasValueSatisfying(tag -> {
            assertThat(tag.id()).isEqualTo("tag-1");
            assertThat(tag.description()).isEqualTo("EU organic");
            assertThat(tag.createdAt()).isEqualTo(T0);
            assertThat(tag.version()).isZero();
        });
        assertThat(restored.liveTag("FAIR")).isEmpty();
        assertThatThrownBy(() -> restored.handle(new CreateTradeItemTag("tenant-1", "tag-3", "FAIR", "Again", null)))
                .isInstanceOf(DomainRejectionException.class)
                .hasMessageContaining("(deleted)");
        assertThatThrownBy(() -> restored.handle(new DeleteTradeItemTag("tenant-1", "tag-9")))
                .isInstanceOf(DomainRejectionException.class);
        assertThat(new String(snapshot.getData())).as("each tag once").containsOnlyOnce("\"ORGANIC\"");
    }
}
