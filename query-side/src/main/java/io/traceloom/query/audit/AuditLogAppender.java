package io.traceloom.query.audit;

import io.traceloom.kernel.audit.AuditCandidate;
import io.traceloom.kernel.audit.AuditLogState;
import io.traceloom.kernel.audit.ExtendAuditLog;
import io.traceloom.query.history.RecordedEvents;
import io.traceloom.query.processing.QuerySideProperties;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Reads the event store in order and appends each tenant's events to its audit log: per batch of events read, one
 * {@link ExtendAuditLog} per tenant that had events in it, saying how far the store has been read. The log decides
 * what is new ({@code AuditLog} on the command side), so reading the store again from the start, or from two
 * processes, appends nothing twice; what it answers is kept as a hint, so a replay sends nothing for events the log
 * already covers.
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

    private final CommandGateway commands;
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
                            AuditProperties properties, QuerySideProperties processing) {
        this.commands = commands;
        this.serializer = serializer;
        this.pause = properties.appendInterval();
        this.batchSize = processing.batchSize();
    }

    /** What one batch has read: each tenant's events not known to be in its log, in the order read. */
    private static final class Batch {
        final Map<String, List<AuditCandidate>> candidates = new LinkedHashMap<>();
        TrackingToken token;
    }

    @EventHandler
    void on(EventMessage<?> event, TrackingToken token) throws Exception {
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get();
        Batch batch = unitOfWork.root().getOrComputeResource(BATCH, key -> new Batch());
        batch.token = token;
        String tenantId = RecordedEvents.tenantOf(event);
        if (tenantId != null && !RecordedEvents.isBookkeeping(event)) {
            long position = position(token);
            AuditLogState log = known.get(tenantId);
            if (log == null || !log.covers(position)) {
                batch.candidates.computeIfAbsent(tenantId, key -> new ArrayList<>())
                        .add(new AuditCandidate(event.getIdentifier(), position, RecordedEvents.of(event, serializer)));
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
        TrackingToken read = WrappedToken.unwrapLowerBound(batch.token);
        long readTo = position(read);
        List<Long> gaps = read instanceof GapAwareTrackingToken gapAware ? List.copyOf(gapAware.getGaps()) : List.of();
        for (Map.Entry<String, List<AuditCandidate>> tenant : batch.candidates.entrySet()) {
            ExtendAuditLog command = new ExtendAuditLog(tenant.getKey(), readTo, gaps, tenant.getValue());
            try {
                known.put(tenant.getKey(), send(command));
            } catch (Exception e) {
                known.remove(tenant.getKey());
                throw e;
            }
        }
    }

    /** Sent from a thread of its own: a command handled in this thread would join the batch's unit of work. */
    private AuditLogState send(ExtendAuditLog command) throws Exception {
        Future<AuditLogState> sent = sender.submit(() -> commands.sendAndWait(command));
        try {
            return sent.get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } catch (TimeoutException e) {
            sent.cancel(true);
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
