package io.traceloom.api.readmodel;

import io.traceloom.query.processing.BackgroundProcessor;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.axonframework.config.EventProcessingConfiguration;
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
}
