package io.traceloom.query.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.query.catalogue.TagState;
import io.traceloom.query.tradeitemtag.TradeItemTagDocument;
import java.time.Instant;
import java.util.List;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericEventMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A rebuild writes beside the live read model, which it leaves alone until it takes its place. */
class ReadModelRebuildTest {

    private static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final ReadModelRebuild rebuild = new ReadModelRebuild(mongo.template());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private static TradeItemTagDocument tag(int i) {
        return TradeItemTagDocument.of("t1", i, TagState.created("tag-" + i, "C" + i, "Tag", null, AT, i), null);
    }

    private void save(TradeItemTagDocument tag) {
        writer.documents(TradeItemTagDocument.class, TradeItemTagDocument::id).save(tag);
    }

    private List<String> live() {
        return mongo.template().findAll(TradeItemTagDocument.class).stream().map(TradeItemTagDocument::id).toList();
    }

    private List<String> rebuilt() {
        return mongo.template().findAll(TradeItemTagDocument.class, TradeItemTagDocument.COLLECTION + "_rebuild")
                .stream().map(TradeItemTagDocument::id).toList();
    }

    private static List<EventMessage<?>> events(int count) {
        return java.util.stream.IntStream.range(0, count)
                .<EventMessage<?>>mapToObj(GenericEventMessage::asEventMessage).toList();
    }

    @Test
    void theResetAndTheWritesOfARebuildLeaveTheLiveReadModelAlone() throws Exception {
        save(tag(0));
        save(tag(1));

        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));
        rebuild.handle(events(2), event -> save(tag(10 + (Integer) event.getPayload())));
        save(tag(2)); // the live projection goes on meanwhile

        assertThat(live()).containsExactlyInAnyOrder("tag-0", "tag-1", "tag-2");
        assertThat(rebuilt()).containsExactlyInAnyOrder("tag-10", "tag-11");
        assertThat(rebuild.collections()).containsExactly(TradeItemTagDocument.COLLECTION);
    }

    @Test
    void aSwapPutsTheRebuiltReadModelInPlaceOfTheLiveOne() throws Exception {
        save(tag(0));
        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));
        rebuild.handle(events(1), event -> save(tag(7)));

        rebuild.swap();

        assertThat(live()).containsExactly("tag-7");
        assertThat(mongo.template().collectionExists(TradeItemTagDocument.COLLECTION + "_rebuild")).isFalse();
    }

    @Test
    void aReadModelThatEndsEmptyReplacesTheLiveOneToo() throws Exception {
        save(tag(0));
        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));

        rebuild.swap();

        assertThat(live()).isEmpty();
    }

    @Test
    void aFailedBatchWritesNothingAndCanBeHandledAgain() throws Exception {
        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));

        assertThatThrownBy(() -> rebuild.handle(events(3), event -> {
            save(tag((Integer) event.getPayload()));
            if ((Integer) event.getPayload() == 2) {
                throw new IllegalStateException("cannot fold");
            }
        })).hasMessage("cannot fold");
        assertThat(rebuilt()).isEmpty();

        rebuild.handle(events(3), event -> save(tag((Integer) event.getPayload())));
        assertThat(rebuilt()).containsExactlyInAnyOrder("tag-0", "tag-1", "tag-2");
    }

    @Test
    void aDiscardedRebuildLeavesNothingBehind() throws Exception {
        save(tag(0));
        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));
        rebuild.handle(events(1), event -> save(tag(5)));

        rebuild.discard();

        assertThat(live()).containsExactly("tag-0");
        assertThat(mongo.template().collectionExists(TradeItemTagDocument.COLLECTION + "_rebuild")).isFalse();
    }

    @Test
    void aLeftoverOfAnEarlierRebuildIsDroppedWhenANewOneStarts() throws Exception {
        mongo.template().save(tag(9), TradeItemTagDocument.COLLECTION + "_rebuild");

        rebuild.run(() -> writer.clear(TradeItemTagDocument.class));

        assertThat(rebuilt()).isEmpty();
    }
}
