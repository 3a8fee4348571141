package io.traceloom.api.readmodel;

import io.traceloom.query.processing.BackgroundProcessor;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.AbstractEventProcessor;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.stereotype.Component;

/**
 * The projections this process declares: one streaming processor each, by processing group name. Every role
 * declares them all; only those that run projections start them ({@code traceloom.role}). A
 * {@link BackgroundProcessor} runs beside them but is none: no write or readiness waits for it.
 */
@Component
public class ProjectionProcessors {

    private final EventProcessingConfiguration processing;
    private final Set<String> background;
    private volatile Map<String, StreamingEventProcessor> processors;
    private final Map<Class<?>, Set<String>> handlers = new ConcurrentHashMap<>();

    public ProjectionProcessors(EventProcessingConfiguration processing, List<BackgroundProcessor> background) {
        this.processing = processing;
        this.background = background.stream().map(BackgroundProcessor::name).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * By processing group name, sorted. Looked up once they exist: every write checks them (read your
     * writes), and the set does not change while the service runs.
     */
    public Map<String, StreamingEventProcessor> all() {
        Map<String, StreamingEventProcessor> known = processors;
        if (known == null) {
            Map<String, StreamingEventProcessor> found = new TreeMap<>();
            processing.eventProcessors().forEach((name, processor) -> {
                if (processor instanceof StreamingEventProcessor streaming && !background.contains(name)) {
                    found.put(name, streaming);
                }
            });
            known = Collections.unmodifiableMap(found);
            if (!found.isEmpty()) {
                processors = known;
            }
        }
        return known;
    }

    /**
     * The projections that handle an event of one of these types: those whose handlers (Axon's inspection of
     * their {@code @EventHandler} methods, other features' events they fold included) take it. A write waits for
     * these only; a projection that never sees its events shows nothing of it. A processor whose handlers cannot
     * be inspected counts as handling everything.
     */
    public Set<String> handling(Collection<Class<?>> types) {
        Set<String> names = new TreeSet<>();
        for (Class<?> type : types) {
            names.addAll(processors == null ? handlersOf(type) : handlers.computeIfAbsent(type, this::handlersOf));
        }
        return names;
    }

    private Set<String> handlersOf(Class<?> type) {
        Set<String> names = new TreeSet<>();
        all().forEach((name, processor) -> {
            if (!(processor instanceof AbstractEventProcessor inspectable)
                    || inspectable.eventHandlerInvoker().canHandleType(type)) {
                names.add(name);
            }
        });
        return Collections.unmodifiableSet(names);
    }
}
