package io.traceloom.api.readmodel;

import io.traceloom.query.processing.ProjectionProgress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.axonframework.eventhandling.EventTrackerStatus;

/**
 * Positions as this process's own processors report them: exact and immediate, each batch a processor has
 * committed wakes the waiters ({@link ProjectionProgress}).
 */
public class LocalProcessorPositions implements ProjectionPositions {

    private final ProjectionProcessors processors;
    private final ProjectionProgress progress;

    public LocalProcessorPositions(ProjectionProcessors processors, ProjectionProgress progress) {
        this.processors = processors;
        this.progress = progress;
    }

    @Override
    public Map<String, Tracked> current() {
        Map<String, Tracked> current = new LinkedHashMap<>();
        processors.all().forEach((name, processor) -> current.put(name, new Tracked(processor.isRunning(),
                processor.isError(), processor.processingStatus().values().stream()
                        .map(EventTrackerStatus::getTrackingToken).toList())));
        return current;
    }

    @Override
    public long changes() {
        return progress.changes();
    }

    @Override
    public void awaitChangeAfter(long seen, long nanos) throws InterruptedException {
        progress.awaitChangeAfter(seen, nanos);
    }
}
