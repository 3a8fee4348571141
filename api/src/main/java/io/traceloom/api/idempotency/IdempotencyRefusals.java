package io.traceloom.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.kernel.idempotency.IdempotencyRefusal;
import io.traceloom.kernel.idempotency.RecordedResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.axonframework.commandhandling.CommandExecutionException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Answers a request whose key another request holds: a retry of an answered request gets that answer
 * again ({@value #REPLAYED}: true); a key used for another request is 422; a key whose request made its change but
 * has not recorded its answer (yet) is 202 with where to read the change; without a known place, 409. Runs before the controller advice, which knows nothing of keys.
 */
class IdempotencyRefusals implements HandlerExceptionResolver {

    static final String REPLAYED = "Idempotent-Replayed";

    private final ObjectMapper json;

    IdempotencyRefusals(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler,
                                         Exception exception) {
        if (!(exception instanceof CommandExecutionException refused)
                || !(refused.getDetails().orElse(null) instanceof IdempotencyRefusal refusal)) {
            return null;
        }
        IdempotentRequest idempotent = IdempotentRequest.current();
        if (idempotent != null) {
            idempotent.refused();
        }
        try {
            switch (refusal.kind()) {
                case REPLAY -> replay(refusal.response(), response);
                case IN_PROGRESS -> {
                    response.setHeader(HttpHeaders.RETRY_AFTER, "1");
                    problem(request, response, Problems.of(HttpStatus.CONFLICT, "idempotency-key-in-use", "Conflict",
                            refusal.message()));
                }
                case MADE -> made(request, refusal.response(), response);
                case KEY_REUSED -> problem(request, response, Problems.of(HttpStatus.UNPROCESSABLE_ENTITY,
                        "idempotency-key-reused", "Idempotency-Key reused", refusal.message()));
            }
        } catch (IOException e) {
            return null;
        }
        return new ModelAndView();
    }

    /**
     * The key's request made its change, and its answer is not recorded: still being answered, or never will be (a
     * crash between the change and the record, a record that failed). The change is committed (its claim was, with
     * it), so the retry is told so as any write recorded but not yet visible is: 202, where to read it, when.
     */
    private void made(HttpServletRequest request, RecordedResponse where, HttpServletResponse response)
            throws IOException {
        response.setHeader(REPLAYED, "true");
        response.setHeader(HttpHeaders.LOCATION, where.location());
        response.setHeader(HttpHeaders.RETRY_AFTER, "1");
        ProblemDetail problem = Problems.of(HttpStatus.ACCEPTED, "read-model-lag", "Recorded, not yet readable",
                "The change of the first request with this Idempotency-Key was recorded, but its answer was not: "
                        + "read it at " + where.location() + "; do not repeat the write.");
        if (where.body() != null) {
            problem.setProperty("id", where.body());
        }
        problem(request, response, problem);
    }

    private static void replay(RecordedResponse recorded, HttpServletResponse response) throws IOException {
        response.setStatus(recorded.status());
        response.setHeader(REPLAYED, "true");
        if (recorded.location() != null) {
            response.setHeader(HttpHeaders.LOCATION, recorded.location());
        }
        if (recorded.etag() != null) {
            response.setHeader(HttpHeaders.ETAG, recorded.etag());
        }
        if (recorded.body() != null) {
            if (recorded.contentType() != null) {
                response.setContentType(recorded.contentType());
            }
            response.getOutputStream().write(recorded.body().getBytes(StandardCharsets.UTF_8));
        }
    }

    private void problem(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
            throws IOException {
        problem.setInstance(URI.create(request.getRequestURI()));
        ProblemResponses.write(response, problem, json);
    }
}
