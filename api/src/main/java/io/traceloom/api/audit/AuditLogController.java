package io.traceloom.api.audit;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.guard.HeavyRequest;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.kernel.audit.AuditCheckpointView;
import io.traceloom.kernel.audit.AuditLogView;
import io.traceloom.kernel.audit.ConsistencyProofView;
import io.traceloom.kernel.audit.FindAuditCheckpoint;
import io.traceloom.kernel.audit.FindAuditLog;
import io.traceloom.kernel.audit.FindConsistencyProof;
import io.traceloom.kernel.audit.FindInclusionProof;
import io.traceloom.kernel.audit.InclusionProofView;
import io.traceloom.kernel.audit.SignAuditCheckpoint;
import io.traceloom.kernel.credential.FindIssuer;
import io.traceloom.kernel.credential.IssuerView;
import io.traceloom.kernel.credential.ProvideIssuer;
import java.time.Instant;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Signed checkpoints of the tenant's audit log and the RFC 9162 proofs that tie entries and older checkpoints to
 * them. Sizes are the log's as its read model holds it when asked; only sizes it has reached are answered (400
 * otherwise), and since the log only grows, what was answered stays answerable.
 */
@RestController
@Tag(name = "Audit")
@RequestMapping(path = "/audit")
public class AuditLogController {

    private final Queries queries;
    private final Writes writes;

    public AuditLogController(Queries queries, Writes writes) {
        this.queries = queries;
        this.writes = writes;
    }

    @Operation(summary = "A signed checkpoint of the tenant's audit log",
            description = "A W3C VC 2.0 credential signed by the tenant's issuer (`did:key`, `eddsa-rdfc-2022`, "
                    + "verifiable like every credential of the service) whose `credentialSubject` is the tree head: "
                    + "`type` `AuditLogCheckpoint`, `treeSize`, `rootHash` (RFC 9162 §2.1 Merkle tree hash of the "
                    + "first `treeSize` entries, lowercase hexadecimal) and `time`. The entries it newly covers are "
                    + "checked against the event store first: while the log no longer matches the store (it was "
                    + "written behind the service's back), no checkpoint is signed (503).")
    @ApiResponse(responseCode = "200", description = "The checkpoint credential.",
            content = @Content(mediaType = "application/json", schema = @Schema(type = "object")))
    @GetMapping(path = "/checkpoint", produces = MediaType.APPLICATION_JSON_VALUE)
    @HeavyRequest // signed as a credential is (canonicalized, then signed), after reading what it newly covers
    public ResponseEntity<String> checkpoint(
            Caller caller, UriComponentsBuilder uri,
            @Parameter(description = "The size of the tree to sign, from 0 to the log's size; default the log's size.")
            @RequestParam(required = false) String treeSize) {
        Long wanted = whole("treeSize", treeSize);
        long size = size(caller);
        long signed = wanted == null ? size : within("treeSize", wanted, 0, size);
        AuditCheckpointView head = queries.get(new FindAuditCheckpoint(caller.tenantId(), signed),
                AuditCheckpointView.class);
        if (head.mismatch() != null) {
            throw new AuditLogMismatchException(head.mismatch());
        }
        IssuerView issuer = queries.find(new FindIssuer(caller.tenantId()), IssuerView.class)
                .orElseGet(() -> new IssuerView(writes.<String>sendAndAwaitReadModels(new ProvideIssuer(caller.tenantId()),
                        "issuer", uri.path("/credentials/issuer").build().toUri())));
        String credential = queries.get(new SignAuditCheckpoint(caller.tenantId(), issuer.did(), head.treeSize(),
                head.rootHash(), Instant.now()), String.class);
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).contentType(MediaType.APPLICATION_JSON)
                .body(credential);
    }

    @Operation(summary = "The inclusion proof of an entry",
            description = "RFC 9162 §2.1.3: the entry's `leafHash` and the `auditPath` from it to the root of the tree "
                    + "of `treeSize` entries (a checkpoint's), lowercase hexadecimal; verifiable with the RFC's "
                    + "algorithm (§2.1.3.2) alone.")
    @ApiResponse(responseCode = "200", description = "The proof.",
            content = @Content(schema = @Schema(implementation = InclusionProofView.class)))
    @GetMapping(path = "/proofs/inclusion", produces = MediaType.APPLICATION_JSON_VALUE)
    public InclusionProofView inclusion(
            Caller caller,
            @Parameter(description = "The entry's index, below `treeSize`.", required = true)
            @RequestParam(required = false) String index,
            @Parameter(description = "The size of the tree, from 1 to the log's size; default the log's size.")
            @RequestParam(required = false) String treeSize) {
        Long entry = whole("index", required("index", index, "the index of an entry of the log"));
        Long wanted = whole("treeSize", treeSize);
        long size = size(caller);
        long tree = within("treeSize", wanted == null ? size : wanted, 1, size);
        within("index", entry, 0, tree - 1);
        return queries.get(new FindInclusionProof(caller.tenantId(), entry, tree), InclusionProofView.class);
    }

    @Operation(summary = "The consistency proof between two checkpoints",
            description = "RFC 9162 §2.1.4: the `consistencyPath` that shows the tree of `from` entries is a prefix of "
                    + "the tree of `to` entries, lowercase hexadecimal; verifiable with the RFC's algorithm (§2.1.4.2) "
                    + "alone. Empty when `from` equals `to`.")
    @ApiResponse(responseCode = "200", description = "The proof.",
            content = @Content(schema = @Schema(implementation = ConsistencyProofView.class)))
    @GetMapping(path = "/proofs/consistency", produces = MediaType.APPLICATION_JSON_VALUE)
    public ConsistencyProofView consistency(
            Caller caller,
            @Parameter(description = "The older tree's size, from 1 to `to`.", required = true)
            @RequestParam(required = false) String from,
            @Parameter(description = "The newer tree's size, up to the log's size; default the log's size.")
            @RequestParam(required = false) String to) {
        long older = within("from", whole("from", required("from", from, "the size of the older tree")), 1,
                Long.MAX_VALUE);
        Long wanted = whole("to", to);
        long size = size(caller);
        long newer = within("to", wanted == null ? size : wanted, 1, size);
        within("from", older, 1, newer);
        return queries.get(new FindConsistencyProof(caller.tenantId(), older, newer), ConsistencyProofView.class);
    }

    private long size(Caller caller) {
        return queries.get(new FindAuditLog(caller.tenantId()), AuditLogView.class).size();
    }

    private static String required(String name, String value, String what) {
        if (value == null) {
            throw new InvalidRequestException(name, "is required: " + what);
        }
        return value;
    }

    /** A whole number from 0 (at most 19 digits), {@code null} when absent; else 400 naming the parameter. */
    private static Long whole(String name, String text) {
        if (text == null) {
            return null;
        }
        if (!text.matches("0|[1-9][0-9]{0,18}")) {
            throw new InvalidRequestException(name, "must be a whole number from 0");
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(name, "must be a whole number from 0 to " + Long.MAX_VALUE);
        }
    }

    /** The value when it is from {@code min} to {@code max}; else 400 naming the parameter and the range. */
    private static long within(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidRequestException(name, max < min ? "the log has no entry yet"
                    : max == Long.MAX_VALUE ? "must be at least " + min
                    : "must be from " + min + " to " + max + " (the log holds entries 0 to its size - 1)");
        }
        return value;
    }
}
