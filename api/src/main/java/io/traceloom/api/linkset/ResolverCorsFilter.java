package io.traceloom.api.linkset;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CORS for the resolver and its description file, which any web page may call: every answer allows any
 * origin and exposes {@code Link} and {@code Location}. {@code OPTIONS} is answered here, with the methods and
 * the {@code Link} to the linkset, whatever it asks: GS1's test suite sends a preflight whose
 * {@code Access-Control-Request-Method} lists several methods ({@code GET,HEAD,OPTIONS}), which Spring's CORS
 * processing would refuse as no method at all.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 4)
public class ResolverCorsFilter extends OncePerRequestFilter {

    /**
     * The headers a preflight asks for are named back when they are a list of header names no longer than
     * this; anything else gets {@code *} (every header, for a request without credentials, which the resolver
     * takes): an echo of up to 8 KB of whatever was sent made the answer's headers overflow, an empty 500.
     */
    private static final int MAX_ECHOED_HEADERS = 1024;
    private static final Pattern HEADER_NAMES =
            Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \\t]*,[ \\t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*");

    /** As Spring writes {@code Allow} everywhere else. */
    private static final String METHODS = "GET,HEAD,OPTIONS";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = ResolverRequest.rawPath(request);
        return !ResolverRequest.isResolverPath(path) && !path.equals(ResolverDescriptionController.PATH);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
        response.setHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, "Link, Location, Content-Type, X-Request-Id");
        if (!HttpMethod.OPTIONS.matches(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setHeader(HttpHeaders.ALLOW, METHODS);
        response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, METHODS);
        String requestedHeaders = request.getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS);
        response.setHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, requestedHeaders == null
                || requestedHeaders.length() > MAX_ECHOED_HEADERS || !HEADER_NAMES.matcher(requestedHeaders).matches()
                ? "*" : requestedHeaders);
        response.setHeader(HttpHeaders.ACCESS_CONTROL_MAX_AGE, "86400");
        String path = ResolverRequest.rawPath(request);
        if (ResolverRequest.isResolverPath(path)) {
            try {
                response.setHeader(HttpHeaders.LINK, ResolverRequest.of(request).linksetLink());
            } catch (ErrorResponseException notADigitalLink) {
                // no linkset to point at; the preflight is answered all the same
            }
        }
        response.setContentLength(0);
    }
}
