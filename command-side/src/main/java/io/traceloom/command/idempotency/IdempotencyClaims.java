package io.traceloom.command.idempotency;

import io.traceloom.kernel.idempotency.ClaimIdempotencyKey;
import io.traceloom.kernel.idempotency.IdempotencyKeys;
import java.util.Optional;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * A command that carries an idempotency key first claims the key, in its own unit of work: the claim and
 * the command's change are committed together, or neither is. So a request whose command did not commit
 * (refused, rolled back, lost in a crash) leaves the key free for its retry, and one whose command did
 * holds it, whatever happens to its answer. A retry is refused before the command runs.
 *
 * <p>The key is locked first and the command's aggregate second, always in that order.
 */
@Component
public class IdempotencyClaims implements MessageHandlerInterceptor<CommandMessage<?>> {

    private final Repository<IdempotencyKey> keys;

    public IdempotencyClaims(Repository<IdempotencyKey> keys) {
        this.keys = keys;
    }

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain interceptorChain)
            throws Exception {
        CommandMessage<?> command = unitOfWork.getMessage();
        Optional<ClaimIdempotencyKey> claim = IdempotencyKeys.claimIn(command.getPayload(), command.getMetaData());
        if (claim.isPresent()) {
            keys.loadOrCreate(claim.get().keyId(), IdempotencyKey::new)
                    .handle(GenericCommandMessage.asCommandMessage(claim.get()));
        }
        return interceptorChain.proceed();
    }
}
