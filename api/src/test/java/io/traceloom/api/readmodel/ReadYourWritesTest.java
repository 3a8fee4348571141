package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.junit.jupiter.api.Test;

/** When has a projection processed a write's events, i.e. those between two heads of the store? */
class ReadYourWritesTest {

    private static GapAwareTrackingToken at(long index, Long... gaps) {
        return GapAwareTrackingToken.newInstance(index, List.of(gaps));
    }

    @Test
    void aProjectionPastTheWriteWithoutGapsHasIt() {
        assertThat(ReadYourWrites.processed(at(12), at(9), at(11))).isTrue();
        assertThat(ReadYourWrites.processed(at(11), at(9), at(11))).isTrue();
    }

    @Test
    void aProjectionShortOfTheWriteHasNotIt() {
        assertThat(ReadYourWrites.processed(at(10), at(9), at(11))).isFalse();
        assertThat(ReadYourWrites.processed(null, at(9), at(11))).isFalse();
    }

    @Test
    void aGapWithinTheWriteMayBeTheWriteItself() {
        assertThat(ReadYourWrites.processed(at(12, 10L), at(9), at(11))).isFalse();
    }

    @Test
    void aGapOlderThanTheWriteCannotBeIt() {
        // e.g. an append that was rolled back long ago: it must not hold up every later write
        assertThat(ReadYourWrites.processed(at(12, 3L, 9L), at(9), at(11))).isTrue();
    }

    @Test
    void theFirstWriteIntoAnEmptyStoreStartsAtZero() {
        assertThat(ReadYourWrites.processed(at(0), null, at(0))).isTrue();
        assertThat(ReadYourWrites.processed(at(1, 0L), null, at(1))).isFalse();
    }

    @Test
    void aReplayingProjectionCountsWhereItIsNow() {
        ReplayToken replaying = (ReplayToken) ReplayToken.createReplayToken(at(20), at(5));
        assertThat(ReadYourWrites.processed(replaying, at(9), at(11))).isFalse();
        ReplayToken done = (ReplayToken) ReplayToken.createReplayToken(at(20), at(15));
        assertThat(ReadYourWrites.processed(done, at(9), at(11))).isTrue();
    }

    @Test
    void otherTokensCompareByCoverage() {
        assertThat(ReadYourWrites.processed(new GlobalSequenceTrackingToken(11), new GlobalSequenceTrackingToken(9),
                new GlobalSequenceTrackingToken(11))).isTrue();
        assertThat(ReadYourWrites.processed(new GlobalSequenceTrackingToken(10), new GlobalSequenceTrackingToken(9),
                new GlobalSequenceTrackingToken(11))).isFalse();
    }
}
