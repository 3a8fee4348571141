package io.traceloom.api.messaging;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.http.RequestIdFilter;
import io.traceloom.kernel.history.RecordedEvent;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.slf4j.MDC;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * Stamps every command sent while serving a request with who sent it and the request's id. Axon copies
 * these onto the resulting events, so the event store tells auditors who did what, and in which request.
 */
@Component
public class RequestMetadata implements MessageDispatchInterceptor<CommandMessage<?>> {

    public static final String TENANT_ID = "tenantId";
    public static final String USER_ID = RecordedEvent.USER_ID;
    public static final String REQUEST_ID = RecordedEvent.REQUEST_ID;

    private final CurrentCaller caller;

    public RequestMetadata(CurrentCaller caller) {
        this.caller = caller;
    }

    @Override
    public BiFunction<Integer, CommandMessage<?>, CommandMessage<?>> handle(
            List<? extends CommandMessage<?>> messages) {
        return (index, command) -> {
            if (RequestContextHolder.getRequestAttributes() == null) {
                return command;
            }
            Caller current = caller.get();
            String requestId = MDC.get(RequestIdFilter.MDC_KEY);
            return command.andMetaData(requestId == null
                    ? Map.of(TENANT_ID, current.tenantId(), USER_ID, current.userId())
                    : Map.of(TENANT_ID, current.tenantId(), USER_ID, current.userId(), REQUEST_ID, requestId));
        };
    }
}
