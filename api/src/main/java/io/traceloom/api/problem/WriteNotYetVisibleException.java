package io.traceloom.api.problem;

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

    /** How long a client waits before it reads a write a read model holds back: an operator has to act first. */
    static final String HELD_RETRY_AFTER = "60";

    public WriteNotYetVisibleException(String id, URI location) {
        this(id, location, "1", "The change was recorded, but the read models do not show it yet. Read it at "
                + location + " shortly; do not repeat the write.");
    }

    private WriteNotYetVisibleException(String id, URI location, String retryAfter, String detail) {
        super(HttpStatus.ACCEPTED, problem(id, detail), null);
        getHeaders().setLocation(location);
        getHeaders().set(HttpHeaders.RETRY_AFTER, retryAfter);
    }

    /**
     * A read model holds the write back: it parked an earlier change of the same tenant it could not apply, and
     * the tenant's later changes wait behind it until an operator has dealt with it (the service has alerted).
     */
    public static WriteNotYetVisibleException heldBack(String id, URI location) {
        return new WriteNotYetVisibleException(id, location, HELD_RETRY_AFTER, "The change was recorded, but a read "
                + "model holds this tenant's changes back after one it could not apply, so it does not show it yet; "
                + "the operators have been alerted. Read it at " + location + " later; do not repeat the write.");
    }

    private static ProblemDetail problem(String id, String detail) {
        ProblemDetail problem = Problems.of(HttpStatus.ACCEPTED, "read-model-lag", "Recorded, not yet readable",
                detail);
        if (id != null) {
            problem.setProperty("id", id);
        }
        return problem;
    }
}
