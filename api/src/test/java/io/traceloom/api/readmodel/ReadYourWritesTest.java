package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.GlobalSequenceTrackingToken;
import org.axonframework.eventhandling.ReplayToken;
import org.junit.jupiter.api.Test;

/** When has a projection processed an event, and which gaps must a write that appended nothing wait for? */
class ReadYourWritesTest {

    private static GapAwareTrackingToken at(long index, Long... gaps) {
        return GapAwareTrackingToken.newInstance(index, List.of(gaps));
    }

    @Test
    void aProjectionPastAnEventThatItDidNotSkipHasIt() {
        assertThat(ReadYourWrites.covers(at(12), 11)).isTrue();
        assertThat(ReadYourWrites.covers(at(11), 11)).isTrue();
        assertThat(ReadYourWrites.covers(at(12, 3L, 9L), 11)).isTrue();
    }

    @Test
    void aProjectionShortOfAnEventHasNotIt() {
        assertThat(ReadYourWrites.covers(at(10), 11)).isFalse();
        assertThat(ReadYourWrites.covers(null, 0)).isFalse();
    }

    @Test
    void aProjectionThatSkippedAnEventNotCommittedYetHasNotIt() {
        assertThat(ReadYourWrites.covers(at(12, 11L), 11)).isFalse();
    }

    @Test
    void gapsThatAreNotTheWritesDoNotMatter() {
        // e.g. appends rolled back, or lost in a crash: they must not hold up any later write
        GapAwareTrackingToken token = at(20, 12L, 13L, 14L);
        assertThat(List.of(15L, 18L, 20L)).allMatch(position -> ReadYourWrites.covers(token, position));
    }

    @Test
    void theFirstEventOfAnEmptyStoreIsAtZero() {
        assertThat(ReadYourWrites.covers(at(0), 0)).isTrue();
        assertThat(ReadYourWrites.covers(at(1, 0L), 0)).isFalse();
    }

    @Test
    void aReplayingProjectionCountsWhereItIsNow() {
        assertThat(ReadYourWrites.covers(ReplayToken.createReplayToken(at(20), at(5)), 11)).isFalse();
        assertThat(ReadYourWrites.covers(ReplayToken.createReplayToken(at(20), at(15)), 11)).isTrue();
    }

    @Test
    void tokensWithoutGapsCompareByPosition() {
        assertThat(ReadYourWrites.covers(new GlobalSequenceTrackingToken(11), 11)).isTrue();
        assertThat(ReadYourWrites.covers(new GlobalSequenceTrackingToken(10), 11)).isFalse();
    }

    @Test
    void aWriteThatAppendedNothingWaitsOnlyForGapsThatHoldACommittedEvent() {
        Set<Long> committedNow = Set.of(9L);
        List<List<Long>> lookedUp = new ArrayList<>();
        ReadYourWrites.CommittedGaps gaps = new ReadYourWrites.CommittedGaps(positions -> {
            lookedUp.add(positions);
            return Set.copyOf(positions.stream().filter(committedNow::contains).toList());
        });

        assertThat(gaps.anyBelow(at(14, 3L, 9L, 12L), 11)).as("9 was committed, the projection skipped it").isTrue();
        assertThat(gaps.anyBelow(at(14, 3L, 12L), 11)).as("3 never will be; 12 is above the head").isFalse();
        assertThat(gaps.anyBelow(new GlobalSequenceTrackingToken(12), 11)).isFalse();
        assertThat(lookedUp).as("each gap is looked up once").containsExactly(List.of(3L, 9L));
    }
}
