package io.traceloom.api.http;

import io.traceloom.api.problem.Problems;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * Response headers that repeat what a client sent: the host it named and the query it asked with, four times
 * in a list's {@code Link}, once in a resolver redirect's {@code Location}. Tomcat answers an empty 500 when a
 * response's headers overflow its buffer (8 KB for all of them), so what is echoed is held to
 * {@value #MAX_LENGTH} characters, leaving room for every other header; a request whose echo would be longer
 * is refused (414) before anything is answered. The host is bounded before ({@code guard.HostNameFilter}), the
 * free-text filters of lists too (docs/limits.md): what can still reach this bound is a query whose values
 * are mostly characters that percent-encoding makes nine times longer.
 */
public final class EchoedHeaders {

    /** What the headers that repeat a request may take together. */
    public static final int MAX_LENGTH = 6000;

    private EchoedHeaders() {
    }

    /**
     * @param length how long the headers built from the request would be
     * @param where  where they go, for the client: "the Link header of its pages"
     * @throws ErrorResponseException 414 when they would not fit
     */
    public static void requireFits(long length, String where) {
        if (length > MAX_LENGTH) {
            throw new ErrorResponseException(HttpStatus.URI_TOO_LONG, Problems.forStatus(HttpStatus.URI_TOO_LONG,
                    "This request's address is too long to be repeated in " + where + " (" + length
                            + " characters; at most " + MAX_LENGTH + "): shorten its query."), null);
        }
    }
}
