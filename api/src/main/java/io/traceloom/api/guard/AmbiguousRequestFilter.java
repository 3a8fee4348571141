package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.Refusals;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request whose body can be read two ways, before anything reads it. Tomcat takes the first of two
 * {@code Content-Type}s, where a proxy in front may take the other, and ignores a {@code Content-Encoding},
 * so a gzip body would be parsed as if it were plain JSON. (Both {@code Content-Length} and
 * {@code Transfer-Encoding} Tomcat settles itself as RFC 9112 6.3 allows: the length is dropped, the chunks
 * are read, and the connection is closed after the answer.)
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class AmbiguousRequestFilter extends OncePerRequestFilter {

    private final ObjectMapper json;

    public AmbiguousRequestFilter(ObjectMapper json) {
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ProblemDetail problem = problemWith(request);
        if (problem == null) {
            chain.doFilter(request, response);
            return;
        }
        Refusals.log(request, problem.getStatus(), problem.getDetail());
        // what the body is is in doubt, so is where it ends: nothing more is read from this connection
        response.setHeader(HttpHeaders.CONNECTION, "close");
        ProblemResponses.write(response, problem, json);
    }

    private static ProblemDetail problemWith(HttpServletRequest request) {
        List<String> types = Collections.list(request.getHeaders(HttpHeaders.CONTENT_TYPE));
        if (types.size() > 1) {
            return Problems.forStatus(HttpStatus.BAD_REQUEST, "The Content-Type header must be given once.");
        }
        List<String> encodings = Collections.list(request.getHeaders(HttpHeaders.CONTENT_ENCODING));
        if (encodings.stream().anyMatch(encoding -> !encoding.trim().equalsIgnoreCase("identity"))) {
            return Problems.forStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                    "Request bodies are read as sent: a Content-Encoding (" + String.join(", ", encodings)
                            + ") is not supported.");
        }
        return null;
    }
}
