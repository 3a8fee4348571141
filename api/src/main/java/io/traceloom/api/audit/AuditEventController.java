package io.traceloom.api.audit;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.DateTimes;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.openapi.OpenEnded;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.query.audit.AuditLogFeed;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The tenant's audit log, entry by entry in the order of their index: pages of JSON to browse, or the whole selection
 * as NDJSON, streamed as it is read, to export. Each entry is served in its canonical form (RFC 8785), which is the
 * leaf input of the log's tree: an auditor hashes what they read. The events are read from the event store itself
 * (never a read model); the log follows the store by itself, so a write's events show here about a second after it
 * answered ({@code traceloom.audit.append-interval}), not at once as in a resource's history.
 */
@RestController
@Tag(name = "Audit", description = "The tenant's audit log: its events as the event store records them, who did "
        + "what, when, in a signed, append-only order an auditor can check without trusting the service.")
@RequestMapping(path = "/audit/events")
public class AuditEventController {

    public static final String NDJSON = "application/x-ndjson";

    /** An event's name: a Java type name, as the feed shows it. */
    private static final Pattern TYPE = Pattern.compile("[A-Za-z][A-Za-z0-9]{0,99}");
    /** Lines written between flushes of an export: the client sees progress without a flush per event. */
    private static final int FLUSH_EVERY = 64;

    private final AuditLogFeed feed;

    public AuditEventController(AuditLogFeed feed) {
        this.feed = feed;
    }

    @Operation(summary = "List the tenant's audit log",
            description = "Entries in the order of their `index`, each an event of the tenant in its canonical JSON "
                    + "(RFC 8785), the leaf input of the log's Merkle tree; `from` (inclusive) and `to` (exclusive) "
                    + "bound when they occurred, `type` keeps one kind (`TradeItemCreated`), `userId` those one user "
                    + "caused; an entry keeps its own index whatever the selection. A write's events are in the log "
                    + "about a second after it answered. Pages are not counted: follow the `next` link. With "
                    + "`Accept: application/x-ndjson` the whole selection is streamed instead, one entry per line, "
                    + "without paging.")
    @ApiResponse(responseCode = "200", description = "A page of the log's entries.", content = @Content(
            mediaType = "application/json", array = @ArraySchema(schema = @Schema(implementation = AuditEventResponse.class))))
    @OpenEnded
    @GetMapping(produces = "application/json")
    public ResponseEntity<String> list(
            Caller caller, PageParams page,
            @Parameter(description = "Events that occurred at or after this instant (RFC 3339 with its offset).",
                    schema = @Schema(type = "string", format = "date-time")) @RequestParam(required = false) String from,
            @Parameter(description = "Events that occurred before this instant (RFC 3339 with its offset).",
                    schema = @Schema(type = "string", format = "date-time")) @RequestParam(required = false) String to,
            @Parameter(description = "One kind of event, e.g. `TradeItemCreated`.") @RequestParam(required = false)
            String type,
            @Parameter(description = "Events one user caused.") @RequestParam(required = false) String userId) {
        AuditLogFeed.Filter filter = filter(caller, from, to, type, userId);
        long skip = (long) (page.page() - 1) * page.limit();
        List<String> items = new ArrayList<>();
        boolean[] more = {false};
        // every entry selected: a page starts at its index; otherwise the selection is counted from the start
        long[] toSkip = {filter.all() ? 0 : skip};
        feed.read(filter, filter.all() ? skip : 0, entry -> {
            if (toSkip[0] > 0) {
                toSkip[0]--;
                return true;
            }
            if (items.size() == page.limit()) {
                more[0] = true;
                return false;
            }
            items.add(entry);
            return true;
        });
        ResponseEntity<List<String>> paged = Paged.openEnded(page, items, more[0]);
        return ResponseEntity.ok().headers(paged.getHeaders()).contentType(MediaType.APPLICATION_JSON)
                .body("[" + String.join(",", items) + "]");
    }

    @Operation(summary = "Export the tenant's audit log",
            description = "The entries `from`, `to`, `type` and `userId` select, in the order of their index, as "
                    + "newline-delimited JSON: one entry per line in its canonical form, streamed as the store is read, "
                    + "up to the log's size at the time of the request. What `audit verify` reads.")
    @ApiResponse(responseCode = "200", description = "The entries: a page of them as a JSON array, or (`Accept: "
            + "application/x-ndjson`) all of them, one per line.", content = @Content(mediaType = NDJSON,
            schema = @Schema(implementation = AuditEventResponse.class)))
    @GetMapping(produces = NDJSON)
    public void export(Caller caller,
                       @RequestParam(required = false) String from, @RequestParam(required = false) String to,
                       @RequestParam(required = false) String type, @RequestParam(required = false) String userId,
                       HttpServletResponse response) throws IOException {
        AuditLogFeed.Filter filter = filter(caller, from, to, type, userId);
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(NDJSON);
        OutputStream out = response.getOutputStream();
        int[] unflushed = {0};
        try {
            feed.read(filter, 0, entry -> write(out, entry, unflushed));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        out.flush();
    }

    private static boolean write(OutputStream out, String entry, int[] unflushed) {
        try {
            out.write(entry.getBytes(StandardCharsets.UTF_8));
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

    private static AuditLogFeed.Filter filter(Caller caller, String from, String to, String type, String userId) {
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
        return new AuditLogFeed.Filter(caller.tenantId(), since, until, type, userId);
    }
}
