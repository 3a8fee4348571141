package io.traceloom.command.rejection;

import io.traceloom.kernel.message.Rejection;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.common.lock.DeadlockException;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.stereotype.Component;

/**
 * Turns every refusal of the command side into a {@link CommandExecutionException} whose details are a
 * {@link Rejection}. Exceptions themselves do not cross Axon Server, their details do; so callers see the
 * same answer whether the command ran in this process or in another one.
 *
 * <p>A deadlock Axon detects between two commands of this process (each holds an aggregate the other waits for)
 * is a race this command lost: it stored nothing, and it is refused as the event store refuses a command that
 * lost a race to another process, with a {@link ConcurrencyException}, which the API decides again or answers
 * 409. Locks are taken in one order (see {@code IdentifierClaims}), so this is the exception, not the rule.
 */
@Component
public class RejectionTranslator implements MessageHandlerInterceptor<CommandMessage<?>> {

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain interceptorChain)
            throws Exception {
        try {
            return interceptorChain.proceed();
        } catch (DomainRejectionException e) {
            throw rejected(e.rejection(), e);
        } catch (AggregateNotFoundException e) {
            // Also covers deleted aggregates (AggregateDeletedException). The identifier stays out of the
            // message: some are internal (a tenant's catalogue), and the client knows what it asked for.
            throw rejected(Rejection.notFound("The resource does not exist."), e);
        } catch (DeadlockException e) {
            throw new ConcurrencyException("Another command held what this one needed while waiting for what "
                    + "this one held; this one gave way and stored nothing", e);
        }
    }

    private static CommandExecutionException rejected(Rejection rejection, Exception cause) {
        return new CommandExecutionException(rejection.message(), cause, rejection);
    }
}
