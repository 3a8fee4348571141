package io.traceloom.api.readmodel;

import io.traceloom.api.readmodel.Projections.Status;
import io.traceloom.query.processing.ProjectionRebuilds;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.stereotype.Component;

/**
 * For operators: {@code GET /actuator/projections} shows where each projection stands ({@link Status});
 * {@code POST /actuator/projections/{name}} replays that one projection from the first event, rebuilding its
 * read model beside the live one, which keeps serving reads until the rebuilt one has caught up and takes its
 * place ({@link ProjectionRebuilds}); {@code DELETE /actuator/projections/{name}} gives a running replay up.
 * {@code replaying} is true from the start of a replay until the rebuilt read model has taken over.
 */
@Component
@Endpoint(id = "projections")
public class ProjectionsEndpoint {

    private final Projections projections;
    private final ProjectionRebuilds rebuilds;

    public ProjectionsEndpoint(Projections projections, ProjectionRebuilds rebuilds) {
        this.projections = projections;
        this.rebuilds = rebuilds;
    }

    @ReadOperation
    public Map<String, Status> projections() {
        return projections.statuses();
    }

    @ReadOperation
    public WebEndpointResponse<Status> projection(@Selector String name) {
        return projections.status(name).map(WebEndpointResponse::new)
                .orElseGet(() -> new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND));
    }

    /** 202 with the status when the replay started, 409 with it when one runs already. */
    @WriteOperation
    public WebEndpointResponse<Status> replay(@Selector String name) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        boolean started = rebuilds.start(name);
        return new WebEndpointResponse<>(projections.status(name).orElseThrow(), started ? 202 : 409);
    }

    /** Gives up the projection's running replay, if any: the live read model stays as it is. */
    @DeleteOperation
    public WebEndpointResponse<Status> cancelReplay(@Selector String name) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        rebuilds.cancel(name);
        return new WebEndpointResponse<>(projections.status(name).orElseThrow());
    }
}
