package io.traceloom.api.tradeitemtag;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCatalogueId;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tenant's tag catalogue is snapshotted once it has grown, and a restarted service decides from the
 * snapshot (and the events after it) exactly as it did before.
 */
class TradeItemTagCatalogueRestartTest {

    private static final int TAGS = 1_100;

    @TempDir
    Path dataDir;

    @Test
    void aGrownCatalogueIsSnapshottedAndDecidesTheSameAfterARestart() throws Exception {
        try (RunningTraceloom running = RunningTraceloom.start(dataDir)) {
            String tenant = running.bean(ApiProperties.class).security().local().tenantId();
            CommandGateway commands = running.bean(CommandGateway.class);
            for (int i = 0; i < TAGS; i++) {
                commands.sendAndWait(new CreateTradeItemTag(tenant, UUID.randomUUID().toString(), "SNAP-" + i,
                        "Tag " + i, null));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (snapshotSequence(running, tenant) < 0) {
                assertThat(System.nanoTime()).as("a snapshot within a minute").isLessThan(deadline);
                Thread.sleep(20);
            }
            assertThat(snapshotSequence(running, tenant)).isGreaterThanOrEqualTo(999);
        }

        try (RunningTraceloom restarted = RunningTraceloom.start(dataDir)) {
            assertThat(restarted.http().post("/trade-item-tags", "{\"code\":\"SNAP-0\",\"name\":\"again\"}").status())
                    .as("a code from before the snapshot").isEqualTo(409);
            assertThat(restarted.http().post("/trade-item-tags",
                    "{\"code\":\"SNAP-" + (TAGS - 1) + "\",\"name\":\"again\"}").status())
                    .as("a code from after the snapshot").isEqualTo(409);
            assertThat(restarted.http().post("/trade-item-tags", "{\"code\":\"SNAP-NEW\",\"name\":\"new\"}").status())
                    .isEqualTo(201);
            assertThat(restarted.http().post("/trade-items", "{\"name\":\"Pears\",\"tradeItemTag\":\"SNAP-7\"}")
                    .json().at("/tradeItemTag/name").asText()).isEqualTo("Tag 7");
        }
    }

    /** The sequence number of the catalogue's latest snapshot, or -1. */
    private static long snapshotSequence(RunningTraceloom running, String tenant) throws Exception {
        try (Connection connection = running.bean(DataSource.class).getConnection();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT MAX(sequence_number) FROM snapshot_event_entry WHERE aggregate_identifier = ?")) {
            query.setString(1, TradeItemTagCatalogueId.of(tenant));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                long sequence = rows.getLong(1);
                return rows.wasNull() ? -1 : sequence;
            }
        }
    }
}
