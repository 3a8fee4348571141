package io.traceloom.api.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http.Response;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * The tenant's audit log as an export reads it. The log follows the event store by itself, about a second behind a
 * write ({@code traceloom.audit.append-interval}): a test that reads what it wrote waits for it to show.
 */
public final class AuditFeeds {

    private static final Duration FOLLOWS_WITHIN = Duration.ofSeconds(30);

    private AuditFeeds() {
    }

    /** The lines of the export ({@code query} appended to {@code /audit/events?}) once {@code ready} holds of them. */
    public static List<String> await(Http http, String query, Predicate<List<String>> ready, String... headers) {
        long deadline = System.nanoTime() + FOLLOWS_WITHIN.toNanos();
        while (true) {
            List<String> lines = export(http, query, headers);
            if (ready.test(lines)) {
                return lines;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the audit log did not show what was written within " + FOLLOWS_WITHIN);
            }
            RunningTraceloom.pause();
        }
    }

    public static List<String> export(Http http, String query, String... headers) {
        String[] accept = new String[headers.length + 2];
        System.arraycopy(headers, 0, accept, 0, headers.length);
        accept[headers.length] = "Accept";
        accept[headers.length + 1] = "application/x-ndjson";
        Response export = http.get("/audit/events" + (query.isEmpty() ? "" : "?" + query), accept);
        assertThat(export.status()).as(export.body()).isEqualTo(200);
        return export.body().lines().toList();
    }
}
