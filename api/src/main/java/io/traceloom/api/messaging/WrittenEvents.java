package io.traceloom.api.messaging;

import io.traceloom.api.readmodel.GlobalIndexes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

/**
 * Which events a command appended, and of which types, so that read-your-writes can wait for exactly those, in
 * the projections that handle them. {@link Writes}
 * watches a command before sending it; as the command's unit of work stores its events, an interceptor on
 * the event store notes their identifiers, and once they are committed, hands them to the watch. Commands
 * nobody watches cost a map lookup.
 *
 * <p>The identifiers serve only where positions can be looked up by them ({@link GlobalIndexes#available()});
 * elsewhere (Axon Server) read-your-writes waits for the head of the store, in the projections that handle the
 * types.
 */
@Component
public class WrittenEvents {

    private final Map<String, Watch> watches = new ConcurrentHashMap<>();

    public WrittenEvents(EventStore eventStore, GlobalIndexes indexes) {
        eventStore.registerDispatchInterceptor(this::noteStored);
    }

    /** Starts noting the events of {@code command}; close the watch once the command has returned. */
    public Watch watch(CommandMessage<?> command) {
        Watch watch = new Watch(command.getIdentifier());
        watches.put(watch.commandId, watch);
        return watch;
    }

    /**
     * Events are intercepted as they are stored, in the prepare-commit phase of the outermost unit of work,
     * whose message is the command that caused them.
     */
    private BiFunction<Integer, EventMessage<?>, EventMessage<?>> noteStored(List<? extends EventMessage<?>> events) {
        if (CurrentUnitOfWork.isStarted()) {
            UnitOfWork<?> root = CurrentUnitOfWork.get().root();
            Watch watch = watches.get(root.getMessage().getIdentifier());
            if (watch != null) {
                List<String> identifiers = events.stream().map(Message::getIdentifier).toList();
                List<Class<?>> types = events.stream().<Class<?>>map(Message::getPayloadType).toList();
                root.afterCommit(committed -> watch.add(identifiers, types));
            }
        }
        return (index, event) -> event;
    }

    /** The committed events of one command, as far as this process saw them commit. */
    public final class Watch implements AutoCloseable {

        private final String commandId;
        private final List<String> eventIdentifiers = new ArrayList<>();
        private final Set<Class<?>> eventTypes = new LinkedHashSet<>();

        private Watch(String commandId) {
            this.commandId = commandId;
        }

        private synchronized void add(List<String> identifiers, List<Class<?>> types) {
            eventIdentifiers.addAll(identifiers);
            eventTypes.addAll(types);
        }

        /** The identifiers of the events the command committed; none when it appended nothing. */
        public synchronized List<String> eventIdentifiers() {
            return List.copyOf(eventIdentifiers);
        }

        /** The payload types of those events: which projections have to show them. */
        public synchronized Set<Class<?>> eventTypes() {
            return Set.copyOf(eventTypes);
        }

        @Override
        public void close() {
            watches.remove(commandId);
        }
    }
}
