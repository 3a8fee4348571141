package io.traceloom.api.config;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.axonframework.messaging.Message;

/**
 * The meters of a monitor for each set of tags its messages carry, registered with the registry the first time a
 * set is seen, not at every message (as Axon's own monitors do).
 *
 * @param <M> what the monitor records into for one set of tags
 */
final class MetersByTags<M> {

    private final Function<Message<?>, Iterable<Tag>> tagsOf;
    private final Function<Tags, M> register;
    private final Map<Tags, M> meters = new ConcurrentHashMap<>();

    MetersByTags(Function<Message<?>, Iterable<Tag>> tagsOf, Function<Tags, M> register) {
        this.tagsOf = tagsOf;
        this.register = register;
    }

    /** The meters of the message's tags. */
    M of(Message<?> message) {
        return meters.computeIfAbsent(Tags.of(tagsOf.apply(message)), register);
    }
}
