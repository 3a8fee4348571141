package io.traceloom.api.security;

import io.traceloom.api.http.Negotiation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.lang.annotation.Annotation;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * Who may reach a request's endpoint, read from the endpoint itself: the controller method the request is
 * routed to, and its {@link Public}, {@link Operator} or {@link RegistersCaller}. So an endpoint says what it
 * is where it is declared, and this room knows no path of any feature. A request routed nowhere (an unknown
 * path, a method the path does not answer) is a tenant's: a caller without a token learns nothing of routes.
 */
public class EndpointAccess {

    /** Who may reach an endpoint. */
    public enum Kind {
        /** Anyone, with or without a token. */
        PUBLIC,
        /** Operators: the admin scope. */
        OPERATOR,
        /** A caller whose token names a tenant, admitted or not. */
        REGISTRATION,
        /** A caller of an admitted tenant. */
        TENANT
    }

    private static final String KIND = EndpointAccess.class.getName() + ".kind";

    private final ObjectProvider<RequestMappingHandlerMapping> mapping;

    public EndpointAccess(ObjectProvider<RequestMappingHandlerMapping> mapping) {
        this.mapping = mapping;
    }

    public RequestMatcher matching(Kind kind) {
        return request -> of(request) == kind;
    }

    /** Looked up once per request. */
    public Kind of(HttpServletRequest request) {
        if (request.getAttribute(KIND) instanceof Kind known) {
            return known;
        }
        HandlerMethod handler = handlerOf(request);
        Kind kind = handler == null ? Kind.TENANT
                : isPublic(handler, request) ? Kind.PUBLIC
                : marked(handler, Operator.class) ? Kind.OPERATOR
                : marked(handler, RegistersCaller.class) ? Kind.REGISTRATION
                : Kind.TENANT;
        request.setAttribute(KIND, kind);
        return kind;
    }

    private static boolean isPublic(HandlerMethod handler, HttpServletRequest request) {
        Public method = AnnotatedElementUtils.findMergedAnnotation(handler.getMethod(), Public.class);
        Public marked = method != null ? method : AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(),
                Public.class);
        return marked != null && (marked.preferring().isEmpty() || Negotiation.prefers(
                request.getHeader(HttpHeaders.ACCEPT), MediaType.parseMediaType(marked.preferring()),
                MediaType.APPLICATION_JSON));
    }

    private static boolean marked(HandlerMethod handler, Class<? extends Annotation> annotation) {
        return AnnotatedElementUtils.hasAnnotation(handler.getMethod(), annotation)
                || AnnotatedElementUtils.hasAnnotation(handler.getBeanType(), annotation);
    }

    /**
     * Routes the request as the dispatcher will, on a view of it whose attributes are its own: what the
     * routing notes on the request (the matched pattern, its variables) stays out of the real one.
     */
    private HandlerMethod handlerOf(HttpServletRequest request) {
        HttpServletRequest probe = new OwnAttributes(request);
        try {
            ServletRequestPathUtils.parseAndCache(probe);
            HandlerExecutionChain chain = mapping.getObject().getHandler(probe);
            return chain != null && chain.getHandler() instanceof HandlerMethod method ? method : null;
        } catch (Exception routedNowhere) {
            // no such route, a method or media type it does not take, a path that does not parse
            return null;
        }
    }

    private static final class OwnAttributes extends HttpServletRequestWrapper {

        private final Map<String, Object> attributes = new HashMap<>();
        private final Set<String> removed = new HashSet<>();

        OwnAttributes(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Object getAttribute(String name) {
            if (attributes.containsKey(name)) {
                return attributes.get(name);
            }
            return removed.contains(name) ? null : super.getAttribute(name);
        }

        @Override
        public void setAttribute(String name, Object value) {
            attributes.put(name, value);
            removed.remove(name);
        }

        @Override
        public void removeAttribute(String name) {
            attributes.remove(name);
            removed.add(name);
        }
    }
}
