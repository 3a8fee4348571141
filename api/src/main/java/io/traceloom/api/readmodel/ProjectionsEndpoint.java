package io.traceloom.api.readmodel;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.config.ApiProperties;
import io.traceloom.api.readmodel.Projections.Status;
import io.traceloom.api.readmodel.TokenStoreSegments.StoredSegment;
import io.traceloom.query.processing.DeadLetterQueues;
import io.traceloom.query.processing.DeadLetterQueues.ParkedSequence;
import io.traceloom.query.processing.ParkedSequences;
import io.traceloom.query.processing.ProjectionRebuilds;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

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

    /** Marks a forwarded request, which is never forwarded again (two processes naming each other loop not). */
    static final String FORWARDED = "X-Traceloom-Forwarded-By";
    /**
     * Asks a process to let go of the projection's segments for this many seconds (a replay gathers them in one
     * process); sent only between processes, with {@link #FORWARDED}.
     */
    static final String RELEASE = "X-Traceloom-Release-Segments";
    /** How long a process asked to let go of segments keeps off them; asked again while the replay runs. */
    private static final long RELEASE_SECONDS = 20;
    /** How long a replay waits for the released segments to be claimed here. */
    private static final Duration GATHER_WITHIN = Duration.ofSeconds(30);
    private static final Duration FORWARD_TIMEOUT = Duration.ofSeconds(10);
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
    private final ObjectMapper json;
    private final String self;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(FORWARD_TIMEOUT).build();
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
        this.json = json;
        this.self = properties.nodeUrl().strip();
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
            Optional<WebEndpointResponse<Object>> forwarded = forwardable(name)
                    .flatMap(owner -> forward("GET", owner, name));
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
        String release = header(RELEASE);
        if (release != null && alreadyForwarded()) {
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
     * one of them, which asks the others to let go of their segments ({@value #RELEASE}), claims them, and starts
     * the replay once it holds them all; while it runs, the others are asked again to keep off, so the swap at its
     * end finds every segment here. Asked of a process that holds none, the request goes to the first owner.
     * Empty when that cannot be done (a process not named by a URL, one that does not answer): 409 as before.
     */
    private Optional<WebEndpointResponse<Object>> gather(String name) {
        List<String> owners = tokenStore.owners(name);
        if (owners.size() < 2 || owners.stream().anyMatch(owner -> !isUrl(owner))) {
            return Optional.empty();
        }
        if (!owners.contains(self)) {
            return alreadyForwarded() ? Optional.empty() : forward("POST", owners.get(0), name);
        }
        List<String> others = owners.stream().filter(owner -> !owner.equals(self)).toList();
        if (!others.stream().allMatch(owner -> release(owner, name))) {
            return Optional.empty();
        }
        long deadline = System.nanoTime() + GATHER_WITHIN.toNanos();
        while (!worksHere(name)) {
            if (System.nanoTime() > deadline) {
                return Optional.of(new WebEndpointResponse<>(new Elsewhere(name, "The other processes let go of the "
                        + "segments of projection " + name + ", but this one did not claim them all within "
                        + GATHER_WITHIN.toSeconds() + " s; try again.", tokenStore.owners(name)), 409));
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
                others.forEach(owner -> release(owner, name));
            }, RELEASE_SECONDS / 4, RELEASE_SECONDS / 4, TimeUnit.SECONDS);
            log.info("Replaying projection {} here, its segments gathered from {}", name, others);
        }
        return Optional.of(new WebEndpointResponse<>(projections.status(name).orElseThrow(), started ? 202 : 409));
    }

    /** Asks another process to let go of the projection's segments for a while; whether it did. */
    private boolean release(String owner, String name) {
        URI target = URI.create(owner.replaceAll("/+$", "") + "/actuator/projections/" + name);
        try {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(target).timeout(FORWARD_TIMEOUT)
                            .header(FORWARDED, self).header(RELEASE, String.valueOf(RELEASE_SECONDS))
                            .header("Accept", "application/json")
                            .POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (answer.statusCode() != 200) {
                log.warn("{} did not let go of the segments of projection {}: {} {}", owner, name,
                        answer.statusCode(), answer.body());
            }
            return answer.statusCode() == 200;
        } catch (IOException e) {
            log.warn("Could not ask {} to let go of the segments of projection {}: {}", owner, name, e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
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

    private static boolean isUrl(String owner) {
        return owner.startsWith("http://") || owner.startsWith("https://");
    }

    private static String header(String name) {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest().getHeader(name) : null;
    }

    /** The one process that works on the projection, when the token store names it by a URL to forward to. */
    private Optional<String> forwardable(String name) {
        List<String> owners = tokenStore.owners(name);
        if (owners.size() != 1 || alreadyForwarded() || owners.get(0).equals(self)) {
            return Optional.empty();
        }
        String owner = owners.get(0);
        return owner.startsWith("http://") || owner.startsWith("https://") ? Optional.of(owner) : Optional.empty();
    }

    private WebEndpointResponse<Object> elsewhere(String method, String name, String what) {
        Optional<WebEndpointResponse<Object>> forwarded = forwardable(name).flatMap(owner -> forward(method, owner, name));
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

    /** The owner's answer, as it gave it; empty when it could not be asked. */
    private Optional<WebEndpointResponse<Object>> forward(String method, String owner, String name) {
        URI target = URI.create(owner.replaceAll("/+$", "") + "/actuator/projections/" + name);
        try {
            // a replay may first gather the projection's segments there
            Duration timeout = method.equals("POST") ? FORWARD_TIMEOUT.plus(GATHER_WITHIN) : FORWARD_TIMEOUT;
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(target).timeout(timeout)
                    .header(FORWARDED, self.isEmpty() ? "api" : self)
                    .header("Accept", "application/json")
                    .method(method, HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Object body = answer.body().isBlank() ? null : json.readValue(answer.body(), Object.class);
            return Optional.of(new WebEndpointResponse<>(body, answer.statusCode()));
        } catch (IOException e) {
            log.warn("Could not forward {} {} to {}, which works on projection {}: {}", method, target, owner, name,
                    e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static boolean alreadyForwarded() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                && attributes.getRequest().getHeader(FORWARDED) != null;
    }
}
