package io.traceloom.command.idempotency;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.kernel.idempotency.ClaimIdempotencyKey;
import io.traceloom.kernel.idempotency.IdempotencyKeyClaimed;
import io.traceloom.kernel.idempotency.IdempotencyKeys;
import io.traceloom.kernel.idempotency.IdempotencyRefusal;
import io.traceloom.kernel.idempotency.IdempotentResponseRecorded;
import io.traceloom.kernel.idempotency.RecordIdempotentResponse;
import io.traceloom.kernel.idempotency.RecordedResponse;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One client key of one tenant. Its first event claims it for one request, committed together with that
 * request's change; the event store's unique (aggregate, sequence) lets only one claim win, across
 * processes too. The claim's metadata says where the change is read, when the API knew it: a retry before the
 * answer is recorded (the first attempt still answering, or lost in a crash before it recorded) is told so. Its second records the answer, which later attempts with the key get instead of running
 * again. After {@link IdempotencyKeys#LIFETIME} the key may be claimed anew.
 */
@Aggregate
public class IdempotencyKey {

    @AggregateIdentifier
    private String id;
    private String fingerprint;
    private String attempt;
    private Instant claimedAt;
    private RecordedResponse response;
    private String location;
    private String resourceId;

    public IdempotencyKey() {
        // for Axon, and for the first claim of a key
    }

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    public void handle(ClaimIdempotencyKey command) {
        Instant now = GenericEventMessage.clock.instant();
        if (attempt != null && now.isBefore(claimedAt.plus(IdempotencyKeys.LIFETIME))) {
            if (attempt.equals(command.attempt())) {
                return; // another command of the request that holds the key
            }
            if (!command.isOf(fingerprint)) {
                throw refused(IdempotencyRefusal.Kind.KEY_REUSED, "This Idempotency-Key was used for another "
                        + "request (method, target or body) less than 24 hours ago.");
            }
            if (response == null && location != null) {
                // the change is committed (the claim was, with it): say where it is, whether the first attempt is
                // still being answered or was lost before it recorded its answer
                throw new CommandExecutionException("A retry of a request whose change was made", null,
                        new IdempotencyRefusal(IdempotencyRefusal.Kind.MADE, "The change was made at " + claimedAt
                                + "; read it at " + location + ".",
                                new RecordedResponse(202, location, null, null, resourceId)));
            }
            if (response == null) {
                throw refused(IdempotencyRefusal.Kind.IN_PROGRESS, "The request with this Idempotency-Key made "
                        + "its change at " + claimedAt + ", but its answer is not recorded: it is still being "
                        + "answered, or was interrupted. Retry shortly, or look the resource up.");
            }
            throw new CommandExecutionException("A retry of an answered request", null,
                    new IdempotencyRefusal(IdempotencyRefusal.Kind.REPLAY, "The first answer.", response));
        }
        // where the change is read travels as the claim's metadata: the event stays as it was recorded so far
        Map<String, String> where = new HashMap<>();
        if (command.location() != null) {
            where.put(IdempotencyKeys.LOCATION, command.location());
        }
        if (command.resourceId() != null) {
            where.put(IdempotencyKeys.RESOURCE_ID, command.resourceId());
        }
        apply(new IdempotencyKeyClaimed(command.tenantId(), command.key(), command.fingerprint(),
                command.attempt()), MetaData.from(where));
    }

    /** Only the answer of the attempt that holds the key counts, and only its first. */
    @CommandHandler
    public void handle(RecordIdempotentResponse command) {
        if (command.attempt().equals(attempt) && response == null) {
            apply(new IdempotentResponseRecorded(command.tenantId(), command.key(), command.attempt(),
                    command.response()));
        }
    }

    private static CommandExecutionException refused(IdempotencyRefusal.Kind kind, String message) {
        return new CommandExecutionException(message, null, new IdempotencyRefusal(kind, message, null));
    }

    @EventSourcingHandler
    void on(IdempotencyKeyClaimed event, @Timestamp Instant at, MetaData metaData) {
        id = IdempotencyKeys.aggregateId(event.tenantId(), event.key());
        location = metaData.get(IdempotencyKeys.LOCATION) instanceof String where ? where : null;
        resourceId = metaData.get(IdempotencyKeys.RESOURCE_ID) instanceof String resource ? resource : null;
        fingerprint = event.fingerprint();
        attempt = event.attempt();
        claimedAt = at;
        response = null;
    }

    @EventSourcingHandler
    void on(IdempotentResponseRecorded event) {
        response = event.response();
    }
}
