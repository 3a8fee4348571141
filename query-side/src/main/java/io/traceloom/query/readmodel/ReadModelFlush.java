package io.traceloom.query.readmodel;

import org.axonframework.eventhandling.EventMessage;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.BatchingUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * Sends a batch's read-model writes once its last event has been handled. That is still inside the
 * processing of the batch, before the commit phase in which the processor stores its token: if the write
 * fails, the token stays where it was and the batch is handled again (the writes are idempotent).
 * Registered on every event processor, by {@code ProjectionProcessingConfiguration}, and on its dead-letter
 * queue, where each event retried is a unit of its own: one whose handler fails leaves no write behind.
 */
public class ReadModelFlush implements MessageHandlerInterceptor<EventMessage<?>> {

    @Override
    public Object handle(UnitOfWork<? extends EventMessage<?>> unitOfWork, InterceptorChain interceptorChain)
            throws Exception {
        Object result;
        try {
            result = interceptorChain.proceed();
        } catch (Exception | Error e) {
            ReadModelWriter.discardWritesOf(unitOfWork.getMessage());
            throw e;
        }
        if (!(unitOfWork instanceof BatchingUnitOfWork<?> batch) || batch.isLastMessage()) {
            ReadModelWriter.flush(unitOfWork);
        }
        return result;
    }
}
