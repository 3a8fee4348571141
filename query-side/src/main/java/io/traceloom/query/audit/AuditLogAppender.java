package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditCandidate;
import io.traceloom.kernel.audit.AuditLogState;
import io.traceloom.kernel.audit.ExtendAuditLog;
import io.traceloom.kernel.history.RecordedEvent;
import io.traceloom.query.history.EventPositions;
import io.traceloom.query.history.RecordedEvents;
import io.traceloom.query.processing.QuerySideProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GapAwareTrackingToken;
import org.axonframework.eventhandling.TrackingToken;
import org.axonframework.eventhandling.WrappedToken;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Reads the event store in order and appends each tenant's events to its audit log: per batch of events read, one
 * {@link ExtendAuditLog} per tenant that had events in it, saying how far the store has been read. The log decides
 * what is new ({@code AuditLog} on the command side), so reading the store again from the start, or from two
 * processes, appends nothing twice; what it answers is kept as a hint, so a replay sends nothing for events the log
 * already covers.
 *
 * <p>Each event is appended at its own position in the store. A tracking token of the JDBC store says how far its
 * reader has read: the highest position it has seen, and the positions below it that were still empty then (gaps:
 * transactions not committed yet, as under concurrent writes). An event that comes late, into such a gap, has a
 * token at the highest position read, which holds another event (often the log's own {@code AuditLogExtended}); its
 * own position is looked up by its identifier ({@link EventPositions}), once per batch for the events not known to
 * be in their logs. Axon Server's tokens give each event its own position.
 *
 * <p>No write waits for it: it follows the store at its own pace, and after a batch that did not fill up it pauses
 * ({@code traceloom.audit.append-interval}) so that the events of many writes go in one command. Commands are sent
 * from a thread of its own, outside the unit of work of the batch: the log's events are committed before the batch's
 * token is stored, so a crash repeats a batch (which then appends nothing) but never skips one.
 */
@Component
@ProcessingGroup(AuditLogAppender.PROCESSING_GROUP)
public class AuditLogAppender implements DisposableBean {

    public static final String PROCESSING_GROUP = "audit-log-appender";
    private static final String BATCH = AuditLogAppender.class.getName() + ".batch";
    private static final int KNOWN_LOGS = 10_000;
    private static final long SEND_TIMEOUT_SECONDS = 60;

    private static final Logger log = LoggerFactory.getLogger(AuditLogAppender.class);

    private final CommandGateway commands;
    /** Where the store holds events, where its tracking tokens cannot say ({@code null}: they always can). */
    private final EventPositions positions;
    private final Serializer serializer;
    private final Duration pause;
    private final int batchSize;
    private final ExecutorService sender = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "audit-log-appends");
        thread.setDaemon(true);
        return thread;
    });
    /** What each log answered last: what it covers only grows, so events it covered then are in it now. */
    private final Map<String, AuditLogState> known = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, AuditLogState> eldest) {
                    return size() > KNOWN_LOGS;
                }
            });

    public AuditLogAppender(CommandGateway commands, @Qualifier("eventSerializer") Serializer serializer,
                            AuditProperties properties, QuerySideProperties processing,
                            ObjectProvider<EventPositions> positions) {
        this.commands = commands;
        this.positions = positions.getIfAvailable();
        this.serializer = serializer;
        this.pause = properties.appendInterval();
        this.batchSize = processing.batchSize();
    }

    /** What one batch has read: each tenant's events not known to be in its log, in the order read. */
    private static final class Batch {
        final Map<String, List<Read>> candidates = new LinkedHashMap<>();
        TrackingToken token;
    }

    /**
     * An event as read, with its position where its token gives it ({@code -1}: to be looked up, as a token of a
     * store with gaps does not give it).
     */
    private record Read(String eventIdentifier, long position, RecordedEvent event) {
    }

    @EventHandler
    void on(EventMessage<?> event, TrackingToken token) throws Exception {
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get();
        Batch batch = unitOfWork.root().getOrComputeResource(BATCH, key -> new Batch());
        batch.token = token;
        String tenantId = RecordedEvents.tenantOf(event);
        if (tenantId != null && !RecordedEvents.isBookkeeping(event)) {
            TrackingToken read = WrappedToken.unwrapLowerBound(token);
            AuditLogState logged = known.get(tenantId);
            if (read instanceof GapAwareTrackingToken gapAware) {
                // its index is the highest position read, the event's own only if it did not fill a gap
                if (logged == null || !logged.coversAllRead(gapAware.getIndex(), gapAware.getGaps())) {
                    batch.candidates.computeIfAbsent(tenantId, key -> new ArrayList<>())
                            .add(new Read(event.getIdentifier(), -1, RecordedEvents.of(event, serializer)));
                }
            } else {
                long position = position(read);
                if (logged == null || !logged.covers(position)) {
                    batch.candidates.computeIfAbsent(tenantId, key -> new ArrayList<>())
                            .add(new Read(event.getIdentifier(), position, RecordedEvents.of(event, serializer)));
                }
            }
        }
        if (!(unitOfWork instanceof BatchingUnitOfWork<?> batching) || batching.isLastMessage()) {
            append(batch);
            if (!(unitOfWork instanceof BatchingUnitOfWork<?> full) || full.getMessages().size() < batchSize) {
                unitOfWork.root().afterCommit(done -> pause());
            }
        }
    }

    private void append(Batch batch) throws Exception {
        if (batch.candidates.isEmpty()) {
            return;
        }
        TrackingToken read = WrappedToken.unwrapLowerBound(batch.token);
        long readTo = position(read);
        List<Long> gaps = read instanceof GapAwareTrackingToken gapAware ? List.copyOf(gapAware.getGaps()) : List.of();
        Map<String, Long> positions = lookUpPositions(batch);
        for (Map.Entry<String, List<Read>> tenant : batch.candidates.entrySet()) {
            List<AuditCandidate> candidates = new ArrayList<>();
            for (Read event : tenant.getValue()) {
                long position = event.position() >= 0 ? event.position()
                        : positions.getOrDefault(event.eventIdentifier(), -1L);
                if (position < 0) {
                    log.warn("Event {} of tenant {} was read from the event store but is no longer there: it is not "
                            + "appended to the tenant's audit log", event.eventIdentifier(), tenant.getKey());
                    continue;
                }
                candidates.add(new AuditCandidate(event.eventIdentifier(), position, event.event()));
            }
            if (candidates.isEmpty()) {
                continue;
            }
            ExtendAuditLog command = new ExtendAuditLog(tenant.getKey(), readTo, gaps, candidates);
            try {
                known.put(tenant.getKey(), send(() -> commands.sendAndWait(command)));
            } catch (Exception e) {
                known.remove(tenant.getKey());
                throw e;
            }
        }
    }

    /** Where the store holds the batch's events whose tokens do not say, in one look-up. */
    private Map<String, Long> lookUpPositions(Batch batch) throws Exception {
        List<String> unknown = batch.candidates.values().stream().flatMap(List::stream)
                .filter(event -> event.position() < 0).map(Read::eventIdentifier).toList();
        if (unknown.isEmpty()) {
            return Map.of();
        }
        if (positions == null) {
            throw new IllegalStateException("The event store's positions have gaps, and there is no look-up of "
                    + "where it holds an event: the audit log cannot say where its events are");
        }
        // not in the batch's unit of work: a connection taken there would be held until the batch ends
        return send(() -> positions.positionsOf(unknown));
    }

    /** Done in a thread of its own: a command handled in this thread would join the batch's unit of work. */
    private <T> T send(Callable<T> work) throws Exception {
        Future<T> sent = sender.submit(work);
        try {
            return sent.get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            // not interrupted: the command may be writing the embedded H2 store, and an interrupt of a thread in
            // H2's file channel closes the channel and the whole store with it; it ends by itself, and what it
            // appended is covered when the batch is tried again
            sent.cancel(false);
            throw e;
        }
    }

    @Override
    public void destroy() {
        sender.shutdownNow();
    }

    private void pause() {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long position(TrackingToken token) {
        TrackingToken current = WrappedToken.unwrapLowerBound(token);
        return current == null ? -1 : current.position().orElse(-1);
    }
}
