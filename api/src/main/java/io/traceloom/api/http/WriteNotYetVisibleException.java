package io.traceloom.api.http;

import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * A write was recorded, but the read models did not show it in time: 202 Accepted, with the resource's id
 * (when it has one of its own) and {@code Location}, so the client reads it there shortly instead of repeating
 * a write that happened. The body is shaped as a problem ({@code application/problem+json}), since it is not the resource.
 */
public class WriteNotYetVisibleException extends ErrorResponseException {

    public WriteNotYetVisibleException(String id, URI location) {
        super(HttpStatus.ACCEPTED, problem(id, location), null);
        getHeaders().setLocation(location);
        getHeaders().set(HttpHeaders.RETRY_AFTER, "1");
    }

    private static ProblemDetail problem(String id, URI location) {
        ProblemDetail problem = Problems.of(HttpStatus.ACCEPTED, "read-model-lag", "Recorded, not yet readable",
                "The change was recorded, but the read models do not show it yet. Read it at " + location
                        + " shortly; do not repeat the write.");
        if (id != null) {
            problem.setProperty("id", id);
        }
        return problem;
    }
}
