package io.traceloom.api.problem;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * The one way a problem leaves as an answer, from wherever it is written: a filter ({@link #refuse},
 * {@link #write}), Tomcat's valve ({@link #prepare}, then the body through Tomcat's own writer), a handler
 * ({@link #entity}). Status and {@code Content-Type: application/problem+json} always go together with the body.
 */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    /**
     * A filter refuses the request: the problem names the request's target as its {@code instance}, the refusal
     * is logged in its one line ({@link Refusals}), and the problem is written.
     */
    public static void refuse(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem,
                              ObjectMapper json) throws IOException {
        problem.setInstance(URI.create(request.getRequestURI()));
        Refusals.log(request, problem.getStatus(), problem.getDetail());
        write(response, problem, json);
    }

    /** Writes the problem as it is: its status, the problem+json content type, the body. */
    public static void write(HttpServletResponse response, ProblemDetail problem, ObjectMapper json)
            throws IOException {
        prepare(response, problem);
        json.writeValue(response.getOutputStream(), problem);
    }

    /** The status and content type of the problem's answer, for a writer that writes the body its own way. */
    public static void prepare(HttpServletResponse response, ProblemDetail problem) {
        response.setStatus(problem.getStatus());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    }

    /** The problem as a handler answers it, with {@code headers} besides. */
    public static ResponseEntity<Object> entity(ProblemDetail problem, HttpHeaders headers) {
        return ResponseEntity.status(problem.getStatus()).headers(headers)
                .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
