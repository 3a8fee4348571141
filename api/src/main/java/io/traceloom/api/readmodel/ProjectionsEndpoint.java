package io.traceloom.api.readmodel;

import java.util.LinkedHashMap;
import java.util.Map;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.stereotype.Component;

/**
 * For operators: {@code GET /actuator/projections} shows where each projection stands;
 * {@code POST /actuator/projections/{name}} replays that one projection from the first event (its reset
 * handler clears its read model first) while the others keep running. A replayed projection has caught up
 * when its {@code position} reaches {@code head}; Axon keeps {@code replaying} true until the first event
 * newer than the replay arrives.
 */
@Component
@Endpoint(id = "projections")
public class ProjectionsEndpoint {

    private static final Logger log = LoggerFactory.getLogger(ProjectionsEndpoint.class);

    private final Projections projections;

    public ProjectionsEndpoint(Projections projections) {
        this.projections = projections;
    }

    public record Status(boolean running, boolean error, boolean replaying, long position, long head) {
    }

    @ReadOperation
    public Map<String, Status> projections() {
        long head = Projections.position(projections.head());
        Map<String, Status> statuses = new LinkedHashMap<>();
        projections.all().forEach((name, processor) -> statuses.put(name, status(processor, head)));
        return statuses;
    }

    @ReadOperation
    public WebEndpointResponse<Status> projection(@Selector String name) {
        StreamingEventProcessor processor = projections.all().get(name);
        if (processor == null) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        return new WebEndpointResponse<>(status(processor, Projections.position(projections.head())));
    }

    @WriteOperation
    public WebEndpointResponse<Status> replay(@Selector String name) {
        StreamingEventProcessor processor = projections.all().get(name);
        if (processor == null) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        log.info("Replaying projection {} from the first event", name);
        processor.shutDown();
        processor.resetTokens();
        processor.start();
        return new WebEndpointResponse<>(status(processor, Projections.position(projections.head())));
    }

    private static Status status(StreamingEventProcessor processor, long head) {
        boolean replaying = processor.processingStatus().values().stream().anyMatch(s -> s.isReplaying());
        return new Status(processor.isRunning(), processor.isError(), replaying,
                Projections.position(processor).orElse(-1), head);
    }
}
