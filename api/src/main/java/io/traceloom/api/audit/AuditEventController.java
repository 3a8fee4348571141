package io.traceloom.api.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.DateTimes;
import io.traceloom.api.http.InvalidRequestException;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.openapi.OpenEnded;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.history.AuditFeed;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The tenant's events in the order of the event store, read from the store itself (never a read model): pages
 * of JSON to browse, or the whole selection as NDJSON, streamed as it is read, to export.
 */
@RestController
@Tag(name = "Audit", description = "The tenant's events as the event store records them: who did what, when.")
@RequestMapping(path = "/audit/events")
public class AuditEventController {

    public static final String NDJSON = "application/x-ndjson";

    /** An event's name: a Java type name, as the feed shows it. */
    private static final Pattern TYPE = Pattern.compile("[A-Za-z][A-Za-z0-9]{0,99}");
    /** Lines written between flushes of an export: the client sees progress without a flush per event. */
    private static final int FLUSH_EVERY = 64;

    private final AuditFeed feed;
    private final ObjectMapper json;

    public AuditEventController(AuditFeed feed, ObjectMapper json) {
        this.feed = feed;
        this.json = json;
    }

    @Operation(summary = "List the tenant's events",
            description = "In the order of the event store, oldest first; `from` (inclusive) and `to` (exclusive) "
                    + "bound when they occurred, `type` keeps one kind (`TradeItemCreated`), `userId` those one user "
                    + "caused. Pages are not counted (that would read the whole store): follow the `next` link. "
                    + "With `Accept: application/x-ndjson` the whole selection is streamed instead, one event per "
                    + "line, without paging.")
    @OpenEnded
    @GetMapping(produces = "application/json")
    public ResponseEntity<List<AuditEventResponse>> list(
            Caller caller, PageParams page,
            @Parameter(description = "Events that occurred at or after this instant (RFC 3339 with its offset).",
                    schema = @Schema(type = "string", format = "date-time")) @RequestParam(required = false) String from,
            @Parameter(description = "Events that occurred before this instant (RFC 3339 with its offset).",
                    schema = @Schema(type = "string", format = "date-time")) @RequestParam(required = false) String to,
            @Parameter(description = "One kind of event, e.g. `TradeItemCreated`.") @RequestParam(required = false)
            String type,
            @Parameter(description = "Events one user caused.") @RequestParam(required = false) String userId) {
        AuditFeed.Filter filter = filter(caller, from, to, type, userId);
        long skip = (long) (page.page() - 1) * page.limit();
        List<AuditEventResponse> items = new ArrayList<>();
        boolean[] more = {false};
        long[] seen = {0};
        feed.read(filter, event -> {
            if (seen[0]++ < skip) {
                return true;
            }
            if (items.size() == page.limit()) {
                more[0] = true;
                return false;
            }
            items.add(AuditEventResponse.of(event));
            return true;
        });
        return Paged.openEnded(page, items, more[0]);
    }

    @Operation(summary = "Export the tenant's events",
            description = "The events `from`, `to`, `type` and `userId` select, in the order of the event store, as "
                    + "newline-delimited JSON: one event per line, streamed as the store is read, up to the newest "
                    + "event at the time of the request.")
    @ApiResponse(responseCode = "200", description = "The events: a page of them as a JSON array, or (`Accept: "
            + "application/x-ndjson`) all of them, one per line.", content = @Content(mediaType = NDJSON,
            schema = @Schema(implementation = AuditEventResponse.class)))
    @GetMapping(produces = NDJSON)
    public void export(Caller caller,
                       @RequestParam(required = false) String from, @RequestParam(required = false) String to,
                       @RequestParam(required = false) String type, @RequestParam(required = false) String userId,
                       HttpServletResponse response) throws IOException {
        AuditFeed.Filter filter = filter(caller, from, to, type, userId);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(NDJSON);
        OutputStream out = response.getOutputStream();
        int[] unflushed = {0};
        try {
            feed.read(filter, event -> write(out, event, unflushed));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.flush();
    }

    private boolean write(OutputStream out, RecordedEvent event, int[] unflushed) {
        try {
            out.write(json.writeValueAsBytes(AuditEventResponse.of(event)));
            out.write('\n');
            if (++unflushed[0] == FLUSH_EVERY) {
                out.flush();
                unflushed[0] = 0;
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static AuditFeed.Filter filter(Caller caller, String from, String to, String type, String userId) {
        Instant since = from == null ? null : DateTimes.parse("from", from);
        Instant until = to == null ? null : DateTimes.parse("to", to);
        if (since != null && until != null && !since.isBefore(until)) {
            throw new InvalidRequestException("to", "must be after from");
        }
        if (type != null && !TYPE.matcher(type).matches()) {
            throw new InvalidRequestException("type", "must be the name of an event, e.g. TradeItemCreated");
        }
        if (userId != null && userId.length() > 255) {
            throw new InvalidRequestException("userId", "must be at most 255 characters");
        }
        return new AuditFeed.Filter(caller.tenantId(), since, until, type, userId);
    }
}
