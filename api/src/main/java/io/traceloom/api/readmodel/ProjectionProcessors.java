package io.traceloom.api.readmodel;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.stereotype.Component;

/**
 * The projections this process declares: one streaming processor each, by processing group name. Every role
 * declares them all; only those that run projections start them ({@code traceloom.role}).
 */
@Component
public class ProjectionProcessors {

    private final EventProcessingConfiguration processing;
    private volatile Map<String, StreamingEventProcessor> processors;

    public ProjectionProcessors(EventProcessingConfiguration processing) {
        this.processing = processing;
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
                if (processor instanceof StreamingEventProcessor streaming) {
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
