package io.traceloom.api.idempotency;

import io.traceloom.kernel.idempotency.RecordIdempotentResponse;
import java.util.List;
import java.util.function.BiFunction;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.springframework.stereotype.Component;

/** Every command sent while serving a request with an idempotency key carries the key (see IdempotencyClaims). */
@Component
public class IdempotencyMetadata implements MessageDispatchInterceptor<CommandMessage<?>> {

    @Override
    public BiFunction<Integer, CommandMessage<?>, CommandMessage<?>> handle(
            List<? extends CommandMessage<?>> messages) {
        return (index, command) -> {
            IdempotentRequest request = IdempotentRequest.current();
            if (request == null || command.getPayload() instanceof RecordIdempotentResponse) {
                return command;
            }
            return command.andMetaData(request.metaDataForCommand());
        };
    }
}
