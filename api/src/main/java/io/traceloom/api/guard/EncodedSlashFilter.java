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
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses an encoded slash ({@code %2F}) in the path, except on the paths declared as {@link EncodedSlashPaths}.
 * Tomcat passes it through undecoded ({@code HttpConfiguration}) so that those paths can have it; elsewhere an
 * id that decodes to {@code a/b}, or {@code ..%2F..}, has no business reaching a handler.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
public class EncodedSlashFilter extends OncePerRequestFilter {

    static final String DETAIL = "The path has an encoded slash or backslash (%2F, %5C); this service does not "
            + "accept them.";

    private final ObjectMapper json;
    private final List<EncodedSlashPaths> allowed;

    public EncodedSlashFilter(ObjectMapper json, ObjectProvider<EncodedSlashPaths> allowed) {
        this.json = json;
        this.allowed = allowed.orderedStream().toList();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI();
        if (!path.toLowerCase(Locale.ROOT).contains("%2f") || allowed.stream().anyMatch(p -> p.matches().test(path))) {
            chain.doFilter(request, response);
            return;
        }
        ProblemDetail problem = Problems.forStatus(HttpStatus.BAD_REQUEST, DETAIL);
        ProblemResponses.refuse(request, response, problem, json);
    }
}
