package io.traceloom.api.http;

import java.time.Instant;

/**
 * The {@code asOf} query parameter of a read of one resource: the instant to show the resource as it was then,
 * or {@code null} (not given) for the resource as it stands now. Controllers take it as a parameter;
 * {@link AsOfResolver} reads and checks it.
 *
 * @param instant a date-time with its offset ({@code 2026-11-01T12:00:00Z}), never in the future; or {@code null}
 */
public record AsOf(Instant instant) {

    public static final String QUERY_PARAMETER = "asOf";

    /** The words a resource's 404 ends with: " does not exist." now, " did not exist at ..." then. */
    public String notFound() {
        return instant == null ? " does not exist." : " did not exist at " + instant + ".";
    }
}
