package io.traceloom.api.messaging;

import io.traceloom.api.problem.WriteNotYetVisibleException;
import io.traceloom.api.readmodel.ReadYourWrites;
import io.traceloom.api.storage.DurableCommits;
import io.traceloom.kernel.idempotency.IdempotencyKeys;
import io.traceloom.kernel.message.TenantScoped;
import java.net.URI;
import java.util.Map;
import java.util.function.Function;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.stereotype.Component;

/**
 * How the API writes: a command, the wait until what it recorded is on disk, and then the wait until
 * every read model shows what it did, so that a read after a 2xx sees the write (read-your-writes).
 */
@Component
public class Writes {

    private final CommandGateway gateway;
    private final WrittenEvents writtenEvents;
    private final ReadYourWrites readYourWrites;
    private final DurableCommits durableCommits;

    /** How often a command that lost a race in the event store is decided: each loss means another won. */
    static final int DECISIONS = 3;

    public Writes(CommandGateway gateway, WrittenEvents writtenEvents, ReadYourWrites readYourWrites,
                  DurableCommits durableCommits) {
        this.gateway = gateway;
        this.writtenEvents = writtenEvents;
        this.readYourWrites = readYourWrites;
        this.durableCommits = durableCommits;
    }

    /**
     * Sends the command about the resource {@code id} at {@code location}, and returns its result once its
     * effects are visible in every read model. When they are not within the configured time, the write is
     * recorded all the same: {@link WriteNotYetVisibleException} tells the client where to read it later.
     */
    public <R> R sendAndAwaitReadModels(Object command, String id, URI location) {
        CommandMessage<?> message = GenericCommandMessage.asCommandMessage(command);
        if (location != null) {
            // an idempotency key's claim records where the change is read (IdempotencyKeys.LOCATION)
            message = message.andMetaData(id == null ? Map.of(IdempotencyKeys.LOCATION, location.toString())
                    : Map.of(IdempotencyKeys.LOCATION, location.toString(), IdempotencyKeys.RESOURCE_ID, id));
        }
        try (WrittenEvents.Watch written = writtenEvents.watch(message)) {
            R result = decided(message);
            durableCommits.await();
            awaitVisible(command, written, id, location);
            return result;
        }
    }

    /**
     * Sends a command that finds its resource itself (its result is the resource's id) and whose decision may
     * race a change of another process: when the event store refuses its events because the resource moved on
     * since it was loaded ({@link ConcurrencyException}: nothing was stored), the command is decided again on
     * the new state, up to {@value #DECISIONS} times in all. Then, as {@link #sendAndAwaitReadModels}.
     *
     * @param location where the resource with an id is read
     */
    public String decideAndAwaitReadModels(Object command, Function<String, URI> location) {
        for (int decision = 1; ; decision++) {
            CommandMessage<?> message = GenericCommandMessage.asCommandMessage(command);
            try (WrittenEvents.Watch written = writtenEvents.watch(message)) {
                String id;
                try {
                    id = decided(message);
                } catch (ConcurrencyException lostTheRace) {
                    if (decision < DECISIONS) {
                        continue;
                    }
                    throw lostTheRace;
                }
                durableCommits.await();
                awaitVisible(command, written, id, location.apply(id));
                return id;
            }
        }
    }

    /**
     * The command's result; its refusal once what it was decided on is forced. A command reads its aggregates
     * without waiting for the group commit (under their locks, which a force must not hold up), so what it read
     * may be events a crash then takes back: a change answers after its own force, which covers them, and a
     * refusal waits for a force too, or answers 503 when the force fails, as the change it refused would have.
     */
    private <R> R decided(CommandMessage<?> message) {
        try {
            return gateway.sendAndWait(message);
        } catch (RuntimeException refused) {
            try {
                durableCommits.await();
            } catch (DurableCommits.NotDurableException notForced) {
                notForced.addSuppressed(refused);
                throw notForced;
            }
            throw refused;
        }
    }

    private void awaitVisible(Object command, WrittenEvents.Watch written, String id, URI location) {
        String tenantId = command instanceof TenantScoped scoped ? scoped.tenantId() : null;
        switch (readYourWrites.awaitEvents(tenantId, written.eventIdentifiers(), written.eventTypes())) {
            case VISIBLE -> {
            }
            case LATE -> throw new WriteNotYetVisibleException(id, location);
            case HELD -> throw WriteNotYetVisibleException.heldBack(id, location);
        }
    }

    /** Sends a command whose events no read model shows (bookkeeping), and returns once it is recorded. */
    public <R> R record(Object command) {
        R result = decided(GenericCommandMessage.asCommandMessage(command));
        durableCommits.await();
        return result;
    }
}
