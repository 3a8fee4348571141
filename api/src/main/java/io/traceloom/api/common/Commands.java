package io.traceloom.api.common;

import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.TrackingToken;
import org.springframework.stereotype.Component;

/** Sends a command and returns once its effects are visible in every read model. */
@Component
public class Commands {

    private final CommandGateway gateway;
    private final ReadYourWrites readYourWrites;

    public Commands(CommandGateway gateway, ReadYourWrites readYourWrites) {
        this.gateway = gateway;
        this.readYourWrites = readYourWrites;
    }

    public <R> R send(Object command) {
        TrackingToken before = readYourWrites.mark();
        R result = gateway.sendAndWait(command);
        readYourWrites.awaitEventsSince(before);
        return result;
    }
}
