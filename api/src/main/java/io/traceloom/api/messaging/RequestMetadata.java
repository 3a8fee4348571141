package io.traceloom.api.messaging;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.http.RequestIdFilter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.messaging.MessageDispatchInterceptor;
import org.slf4j.MDC;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;

/**
 * Stamps every command sent while serving a request with who sent it and the request's id. Axon copies
 * these onto the resulting events, so the event store tells auditors who did what, and in which request.
 */
@Component
public class RequestMetadata implements MessageDispatchInterceptor<CommandMessage<?>> {

    public static final String TENANT_ID = "tenantId";
    public static final String USER_ID = "userId";
    public static final String REQUEST_ID = "requestId";
    /** The subject of an operator's token that names no tenant ({@code oidc} mode). */
    public static final String OPERATOR = "operator";

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
            Map<String, String> who = new HashMap<>();
            Optional<Caller> current = caller.find();
            if (current.isPresent()) {
                who.put(TENANT_ID, current.get().tenantId());
                who.put(USER_ID, current.get().userId());
            } else if (SecurityContextHolder.getContext().getAuthentication() instanceof JwtAuthenticationToken operator) {
                // an operator's token names no tenant: its subject, as the identity provider names it
                who.put(OPERATOR, operator.getName());
            }
            String requestId = MDC.get(RequestIdFilter.MDC_KEY);
            if (requestId != null) {
                who.put(REQUEST_ID, requestId);
            }
            return command.andMetaData(who);
        };
    }
}
