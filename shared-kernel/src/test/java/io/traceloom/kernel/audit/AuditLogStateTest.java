package io.traceloom.kernel.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Whether a log holds an event its reader has just read, when the reader's token cannot say where the event is
 * (the JDBC store's, for an event committed late into a gap: its position is the highest one read).
 */
class AuditLogStateTest {

    /** Holds every event up to 20 but the one at 12, not committed when it was last extended. */
    private final AuditLogState log = new AuditLogState(15, 20, List.of(12L));

    @Test
    void aReaderThatHasReadNoGapOfTheLogHasReadOnlyWhatTheLogHolds() {
        assertThat(log.coversAllRead(20, Set.of(12L))).isTrue();
        assertThat(log.coversAllRead(11, Set.of())).as("not as far as the gap").isTrue();
    }

    @Test
    void aReaderThatHasReadTheLogsGapMayHaveReadItsLateEvent() {
        // the event at 12 came late: its token is at 20, which the log covers, but the event is not in it
        assertThat(log.covers(20)).isTrue();
        assertThat(log.coversAllRead(20, Set.of())).isFalse();
    }

    @Test
    void aReaderBeyondTheLogHasReadWhatTheLogDoesNotHold() {
        assertThat(log.coversAllRead(21, Set.of(12L))).isFalse();
    }
}
