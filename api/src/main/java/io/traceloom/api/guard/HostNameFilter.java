package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a host name longer than DNS allows (253 characters). The name the client used ({@code Host}, or
 * {@code X-Forwarded-Host} from a trusted proxy) is repeated in every absolute URL the service answers with
 * ({@code Location}, a list's {@code Link} four times, a linkset's anchors), and Tomcat takes any length of it
 * that fits its 8 KB of request headers: a name of a few thousand characters made the answer's headers
 * overflow, an empty 500.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class HostNameFilter extends OncePerRequestFilter {

    /** The longest DNS name (RFC 1035: 255 octets on the wire, 253 characters written out). */
    public static final int MAX_LENGTH = 253;

    private final ObjectMapper json;

    public HostNameFilter(ObjectMapper json) {
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String host = request.getServerName();
        if (host == null || host.length() <= MAX_LENGTH) {
            chain.doFilter(request, response);
            return;
        }
        ProblemDetail problem = Problems.invalid("Host must be a host name of at most " + MAX_LENGTH
                + " characters.", List.of(new Problems.FieldProblem("Host", "must be a host name of at most "
                + MAX_LENGTH + " characters")));
        ProblemResponses.refuse(request, response, problem, json);
    }
}
