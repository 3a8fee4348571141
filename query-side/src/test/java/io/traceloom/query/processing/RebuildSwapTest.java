package io.traceloom.query.processing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.junit.jupiter.api.Test;

/**
 * When a rebuilt read model may take the live one's place (issue 26): level in position is not enough, the rebuild's
 * token must cover the live one's, gaps included. On main the swap looked at positions alone, so a rebuild that had
 * passed event 7 while it was still committing (a gap) swapped in beside a live model that showed 7.
 */
class RebuildSwapTest {

    @Test
    void anEventTheLiveTokenSawAndTheRebuildSkippedAsAGapIsUnseen() {
        GapAwareTrackingToken rebuild = GapAwareTrackingToken.newInstance(10, List.of(7L));
        GapAwareTrackingToken live = GapAwareTrackingToken.newInstance(10, List.of());

        assertThat(ProjectionRebuilds.unseen(rebuild, List.of(live))).containsExactly(7L);
    }

    @Test
    void aGapBothTokensHaveIsNoneTheRebuildLacks() {
        GapAwareTrackingToken rebuild = GapAwareTrackingToken.newInstance(12, List.of(7L, 11L));
        GapAwareTrackingToken live = GapAwareTrackingToken.newInstance(10, List.of(7L));

        // 11 is above the live token: the live read model does not show it either
        assertThat(ProjectionRebuilds.unseen(rebuild, List.of(live))).isEmpty();
    }

    @Test
    void everySegmentCounts() {
        GapAwareTrackingToken rebuild = GapAwareTrackingToken.newInstance(20, List.of(3L, 15L));
        GapAwareTrackingToken first = GapAwareTrackingToken.newInstance(20, List.of(15L));
        GapAwareTrackingToken second = GapAwareTrackingToken.newInstance(20, List.of(3L));

        assertThat(ProjectionRebuilds.unseen(rebuild, List.of(first, second))).containsExactly(3L, 15L);
        assertThat(ProjectionRebuilds.unseen(GapAwareTrackingToken.newInstance(20, List.of()), List.of(first)))
                .isEmpty();
    }
}
