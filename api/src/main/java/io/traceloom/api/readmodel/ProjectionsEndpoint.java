package io.traceloom.api.readmodel;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.readmodel.Projections.Status;
import io.traceloom.api.readmodel.TokenStoreSegments.StoredSegment;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.query.processing.DeadLetterQueues.ParkedSequence;
import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.ParkedSequences;
import io.traceloom.query.processing.ProjectionRebuilds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 *
 * <p>A sequence (a tenant) whose events a projection has parked in its dead-letter queue is
 * {@code /actuator/projections/{name}/{sequence}}: {@code GET} shows it, {@code POST} retries it once its
 * cause is fixed (200 when every event of it reached the read model, 409 with what still waits when one
 * failed again), {@code DELETE} evicts it (its events never reach the read model; a replay tries them again).
 * These work from any process: the queue is in the MongoDB every process shares ({@link ParkedSequences}).
 *
 * <p>A replay runs in the process that works on the projection: the one that holds the claims on its segments.
 * Asked elsewhere (an {@code api} process, a standby {@code projections} process), the endpoint forwards the
 * request to that process when the token store names it by a URL ({@code traceloom.node-url}), and otherwise
 * answers 409 saying which process holds the claims, to be asked instead; 503 when no process works on it now.
 * When several processes share the projection's segments, each named by its URL, one of them gathers the segments
 * (the others let go of theirs for the replay's time) and runs the replay ({@link #gather}).
 * A single projection's status is forwarded likewise, so that a replay's progress can be followed from anywhere.
 */
@Component
@Endpoint(id = "projections")
public class ProjectionsEndpoint {

    private static final Logger log = LoggerFactory.getLogger(ProjectionsEndpoint.class);

    /**
     * Where a request about a projection is to be made instead, and why.
     *
     * @param projection the projection
     * @param detail     what to do
     * @param claimedBy  the processes that hold claims on its segments now
     */
    public record Elsewhere(String projection, String detail, List<String> claimedBy) {
    }

    /**
     * What a retry or an eviction of a parked sequence did.
     *
     * @param projection the projection
     * @param sequence   the sequence (a tenant)
     * @param detail     what happened
     * @param parked     what still waits in it, and why; {@code null} when nothing does
     * @param evicted    how many events an eviction dropped; {@code null} for a retry
     */
    public record ParkedOutcome(String projection, String sequence, String detail, ParkedSequence parked,
                                Long evicted) {
    }

    private final Projections projections;
    private final ProjectionRebuilds rebuilds;
    private final ParkedSequences parkedSequences;
    private final DeadLetterQueues deadLetters;
    private final ProjectionProcessors processors;
    private final TokenStoreSegments tokenStore;
    private final OtherProcesses peers;
    private final String self;
    private final ScheduledExecutorService keepReleased = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "replay-keeps-segments");
        thread.setDaemon(true);
        return thread;
    });

    public ProjectionsEndpoint(Projections projections, ProjectionRebuilds rebuilds, ParkedSequences parkedSequences,
                               DeadLetterQueues deadLetters, ProjectionProcessors processors,
                               TokenStoreSegments tokenStore, ObjectMapper json, ApiProperties properties) {
        this.projections = projections;
        this.rebuilds = rebuilds;
        this.parkedSequences = parkedSequences;
        this.deadLetters = deadLetters;
        this.processors = processors;
        this.tokenStore = tokenStore;
        this.self = properties.nodeUrl().strip();
        this.peers = new OtherProcesses(tokenStore, json, self);
    }

    @ReadOperation
    public Map<String, Status> projections() {
        return projections.statuses();
    }

    @ReadOperation
    public WebEndpointResponse<Object> projection(@Selector String name) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        if (!worksHere(name)) {
            Optional<WebEndpointResponse<Object>> forwarded = peers.forwardable(name)
                    .flatMap(owner -> peers.forward("GET", owner, name));
            if (forwarded.isPresent()) {
                return forwarded.get();
            }
        }
        return new WebEndpointResponse<>(projections.status(name).orElseThrow());
    }

    /** 202 with the status when the replay started, 409 with it when one runs already. */
    @WriteOperation
    public WebEndpointResponse<Object> replay(@Selector String name) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        String release = OtherProcesses.header(OtherProcesses.RELEASE);
        if (release != null && OtherProcesses.alreadyForwarded()) {
            return releaseHere(name, release);
        }
        if (!worksHere(name)) {
            Optional<WebEndpointResponse<Object>> gathered = gather(name);
            if (gathered.isPresent()) {
                return gathered.get();
            }
            return elsewhere("POST", name, "start a replay");
        }
        boolean started = rebuilds.start(name);
        return new WebEndpointResponse<>(projections.status(name).orElseThrow(), started ? 202 : 409);
    }

    /** Gives up the projection's running replay, if any: the live read model stays as it is. */
    @DeleteOperation
    public WebEndpointResponse<Object> cancelReplay(@Selector String name) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        if (rebuilds.progress(name).isEmpty() && !worksHere(name)) {
            return elsewhere("DELETE", name, "give its replay up");
        }
        rebuilds.cancel(name);
        return new WebEndpointResponse<>(projections.status(name).orElseThrow());
    }

    /** A sequence the projection has parked: its first event, why, since when, how many wait. */
    @ReadOperation
    public WebEndpointResponse<Object> parked(@Selector String name, @Selector String sequence) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        return parkedSequence(name, sequence)
                .<WebEndpointResponse<Object>>map(WebEndpointResponse::new)
                .orElseGet(() -> notParked(name, sequence));
    }

    /**
     * Hands the parked sequence's events to the projection again, in order: 200 when all of them reached its read
     * model, 409 with what still waits when one failed again (its cause is not fixed yet); 404 when the projection
     * parks no such sequence.
     */
    @WriteOperation
    public WebEndpointResponse<Object> retry(@Selector String name, @Selector String sequence) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        Optional<ParkedSequences.Retried> retried = parkedSequences.retry(name, sequence);
        if (retried.isEmpty()) {
            return notParked(name, sequence);
        }
        ParkedSequence parked = retried.get().parked();
        if (parked == null) {
            return new WebEndpointResponse<>(new ParkedOutcome(name, sequence, "Every parked event of " + sequence
                    + " reached the read model of " + name + "; its events are handled as they come again.", null,
                    null));
        }
        return new WebEndpointResponse<>(new ParkedOutcome(name, sequence, "Event " + parked.position() + " ("
                + parked.eventType() + ") of " + sequence + " failed again: " + parked.error() + ". It and the "
                + (parked.events() - 1) + " after it stay parked.", parked, null), 409);
    }

    /** Drops the parked sequence's events: the projection's read model goes on without them. */
    @DeleteOperation
    public WebEndpointResponse<Object> evict(@Selector String name, @Selector String sequence) {
        if (projections.status(name).isEmpty()) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
        }
        return parkedSequences.evict(name, sequence).<WebEndpointResponse<Object>>map(evicted ->
                        new WebEndpointResponse<>(new ParkedOutcome(name, sequence, evicted + " parked events of "
                                + sequence + " were dropped: the read model of " + name + " goes on without them. "
                                + "They stay in the event store; a replay of the projection tries them again.", null,
                                evicted)))
                .orElseGet(() -> notParked(name, sequence));
    }

    private Optional<ParkedSequence> parkedSequence(String name, String sequence) {
        return deadLetters.details(name).stream().filter(parked -> parked.sequence().equals(sequence)).findFirst();
    }

    private static WebEndpointResponse<Object> notParked(String name, String sequence) {
        return new WebEndpointResponse<>(new ParkedOutcome(name, sequence, "Projection " + name + " has parked no "
                + "events of " + sequence + ".", null, null), WebEndpointResponse.STATUS_NOT_FOUND);
    }

    /**
     * Whether this process works on the projection: its processor holds every segment there is of it (a replay
     * swaps the read model under all of them).
     */
    private boolean worksHere(String name) {
        StreamingEventProcessor processor = processors.all().get(name);
        if (processor == null || !processor.isRunning()) {
            return false;
        }
        Set<Integer> held = processor.processingStatus().keySet();
        List<StoredSegment> stored = tokenStore.of(List.of(name)).getOrDefault(name, List.of());
        return !stored.isEmpty() && stored.stream().allMatch(segment -> held.contains(segment.segment()));
    }

    /**
     * A replay of a projection whose segments several processes share (each named by its URL): the replay is run by
     * one of them, which asks the others to let go of their segments ({@value OtherProcesses#RELEASE}), claims
     * them, and starts the replay once it holds them all; while it runs, the others are asked again to keep off, so
     * the swap at its end finds every segment here. Asked of a process that holds none, the request goes to the first owner.
     * Empty when that cannot be done (a process not named by a URL, one that does not answer): 409 as before.
     */
    private Optional<WebEndpointResponse<Object>> gather(String name) {
        List<String> owners = tokenStore.owners(name);
        if (owners.size() < 2 || owners.stream().anyMatch(owner -> !OtherProcesses.isUrl(owner))) {
            return Optional.empty();
        }
        if (!owners.contains(self)) {
            return OtherProcesses.alreadyForwarded() ? Optional.empty() : peers.forward("POST", owners.get(0), name);
        }
        List<String> others = owners.stream().filter(owner -> !owner.equals(self)).toList();
        if (!others.stream().allMatch(owner -> peers.release(owner, name))) {
            return Optional.empty();
        }
        long deadline = System.nanoTime() + OtherProcesses.GATHER_WITHIN.toNanos();
        while (!worksHere(name)) {
            if (System.nanoTime() > deadline) {
                return Optional.of(new WebEndpointResponse<>(new Elsewhere(name, "The other processes let go of the "
                        + "segments of projection " + name + ", but this one did not claim them all within "
                        + OtherProcesses.GATHER_WITHIN.toSeconds() + " s; try again.", tokenStore.owners(name)), 409));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        boolean started = rebuilds.start(name);
        if (started) {
            ScheduledFuture<?>[] keeping = new ScheduledFuture<?>[1];
            keeping[0] = keepReleased.scheduleWithFixedDelay(() -> {
                if (rebuilds.progress(name).isEmpty()) {
                    keeping[0].cancel(false);
                    return;
                }
                others.forEach(owner -> peers.release(owner, name));
            }, OtherProcesses.RELEASE_SECONDS / 4, OtherProcesses.RELEASE_SECONDS / 4, TimeUnit.SECONDS);
            log.info("Replaying projection {} here, its segments gathered from {}", name, others);
        }
        return Optional.of(new WebEndpointResponse<>(projections.status(name).orElseThrow(), started ? 202 : 409));
    }

    /** Lets go of the projection's segments this process holds, and keeps off them for a while. */
    private WebEndpointResponse<Object> releaseHere(String name, String seconds) {
        long keepOff;
        try {
            keepOff = Math.min(Math.max(1, Long.parseLong(seconds.strip())), 300);
        } catch (NumberFormatException e) {
            return new WebEndpointResponse<>(WebEndpointResponse.STATUS_BAD_REQUEST);
        }
        StreamingEventProcessor processor = processors.all().get(name);
        List<Integer> released = new ArrayList<>();
        if (processor != null && processor.isRunning()) {
            // every segment there is, not only those held now: one about to be claimed here stays unclaimed too
            Set<Integer> segments = new TreeSet<>(processor.processingStatus().keySet());
            tokenStore.of(List.of(name)).getOrDefault(name, List.of()).forEach(stored -> segments.add(stored.segment()));
            for (int segment : segments) {
                processor.releaseSegment(segment, keepOff, TimeUnit.SECONDS);
                released.add(segment);
            }
        }
        return new WebEndpointResponse<>(Map.of("projection", name, "released", released,
                "keepsOffSeconds", keepOff), 200);
    }

    private WebEndpointResponse<Object> elsewhere(String method, String name, String what) {
        Optional<WebEndpointResponse<Object>> forwarded =
                peers.forwardable(name).flatMap(owner -> peers.forward(method, owner, name));
        if (forwarded.isPresent()) {
            return forwarded.get();
        }
        List<String> owners = tokenStore.owners(name);
        if (owners.isEmpty()) {
            return new WebEndpointResponse<>(new Elsewhere(name, "No process works on projection " + name
                    + " now: start a process of role 'projections' (or 'all'), then " + what + " there.", owners),
                    WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE);
        }
        String detail = owners.size() == 1
                ? "Projection " + name + " runs in " + owners.get(0) + ", not here: " + what + " there ("
                        + method + " /actuator/projections/" + name + "). A process that gives its operator "
                        + "endpoints' URL as traceloom.node-url is forwarded to."
                : "The segments of projection " + name + " are held by several processes (" + String.join(", ", owners)
                        + "); a replay needs all of them in one. Run it with traceloom.projections.segments=1, or "
                        + "stop all but one of those processes, then " + what + " there.";
        return new WebEndpointResponse<>(new Elsewhere(name, detail, owners), 409);
    }
}
