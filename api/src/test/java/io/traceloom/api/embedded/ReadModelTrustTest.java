package io.traceloom.api.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/** When read models on disk are used at a start, and what a commit records: the rules, without a whole service. */
class ReadModelTrustTest {

    private JdbcTemplate events;
    private EventStoreLineage lineage;

    @BeforeEach
    void eventStore() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:trust-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        events = new JdbcTemplate(dataSource);
        events.execute("CREATE TABLE DomainEventEntry (globalIndex BIGINT PRIMARY KEY, eventIdentifier VARCHAR(64))");
        lineage = new EventStoreLineage(dataSource, EventSchema.builder().build());
    }

    private void append(long position, String identifier) {
        events.update("INSERT INTO DomainEventEntry VALUES (?, ?)", position, identifier);
    }

    private ReadModelTrust trust(String build) {
        return new ReadModelTrust(lineage, () -> build);
    }

    @Test
    void aStampOfTheSameBuildOverTheSameStoreIsTrustedAsTheStoreGrows() {
        append(0, "event-0");
        append(7, "event-7");
        Map<String, String> stamp = trust("build-a").stamp().orElseThrow();
        assertThat(stamp).containsEntry("headPosition", "7").containsEntry("headEvent", "event-7");

        append(8, "event-8");
        assertThat(trust("build-a").untrusted(stamp)).isEmpty();
    }

    @Test
    void anotherBuildsReadModelsAreRebuilt() {
        append(7, "event-7");
        Map<String, String> stamp = trust("build-a").stamp().orElseThrow();

        assertThat(trust("build-b").untrusted(stamp)).hasValueSatisfying(
                why -> assertThat(why).contains("another build"));
    }

    /** Another store, or an older copy of this one: the event at the stamped head is not the one stamped. */
    @Test
    void readModelsOfAnotherOrAnOlderEventStoreAreRebuilt() {
        append(7, "event-7");
        Map<String, String> stamp = new HashMap<>(trust("build-a").stamp().orElseThrow());

        events.update("UPDATE DomainEventEntry SET eventIdentifier = 'another event' WHERE globalIndex = 7");
        assertThat(trust("build-a").untrusted(stamp)).hasValueSatisfying(
                why -> assertThat(why).contains("at position 7"));

        events.update("DELETE FROM DomainEventEntry");
        assertThat(trust("build-a").untrusted(stamp)).isPresent();
    }

    @Test
    void readModelsStampedBeforeTheFirstEventAreTrusted() {
        Map<String, String> stamp = trust("build-a").stamp().orElseThrow();
        assertThat(stamp).doesNotContainKey("headPosition");

        append(0, "event-0");
        assertThat(trust("build-a").untrusted(stamp)).isEmpty();
    }

    /** The commit waits rather than record a stamp it cannot check later. */
    @Test
    void noStampWhenTheEventStoreCannotBeAsked() {
        events.execute("DROP TABLE DomainEventEntry");
        assertThat(trust("build-a").stamp()).isEmpty();
    }

    @Test
    void aFileNeverCommittedWholeOrOfAnotherFormatIsNotUsed() {
        assertThat(trust("build-a").untrusted(Map.of())).isPresent();
        assertThat(trust("build-a").untrusted(Map.of("format", "0", "code", "build-a"))).isPresent();
    }

    @Test
    void withoutAnEventStoreToCheckAgainstNothingIsUsed() {
        ReadModelTrust blind = new ReadModelTrust(null, () -> "build-a");
        Map<String, String> stamp = blind.stamp().orElseThrow();
        assertThat(blind.untrusted(stamp)).isPresent();
    }
}
