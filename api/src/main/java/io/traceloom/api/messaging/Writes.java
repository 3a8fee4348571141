package io.traceloom.api.messaging;

import io.traceloom.api.readmodel.ReadYourWrites;
import io.traceloom.api.storage.DurableCommits;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.stereotype.Component;

/**
 * How the API writes: a command, the wait until what it recorded is on disk, and then the wait until
 * every read model shows what it did, so that a read after a 2xx sees the write (read-your-writes).
 */
@Component
public class Writes {

    private final CommandGateway gateway;
    private final ReadYourWrites readYourWrites;
    private final DurableCommits durableCommits;

    public Writes(CommandGateway gateway, ReadYourWrites readYourWrites, DurableCommits durableCommits) {
        this.gateway = gateway;
        this.readYourWrites = readYourWrites;
        this.durableCommits = durableCommits;
    }

    /** Sends the command and returns its result once its effects are visible in every read model. */
    public <R> R sendAndAwaitReadModels(Object command) {
        TrackingToken before = readYourWrites.mark();
        R result = gateway.sendAndWait(command);
        durableCommits.await();
        readYourWrites.awaitEventsSince(before);
        return result;
    }
}
