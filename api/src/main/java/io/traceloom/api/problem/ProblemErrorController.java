package io.traceloom.api.problem;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors that happen outside Spring MVC but inside the application (in a filter, or a {@code sendError} of
 * the servlet container) are answered as problem details too, not with Spring Boot's default error JSON.
 * What Tomcat refuses before the application sees the request is {@link io.traceloom.api.guard.ContainerErrorValve}'s.
 */
@RestController
public class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    public ResponseEntity<Object> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer value && HttpStatus.resolve(value) != null
                ? HttpStatus.valueOf(value)
                : HttpStatus.INTERNAL_SERVER_ERROR;
        ProblemDetail problem = status == HttpStatus.BAD_REQUEST && bodyUnreadable(request)
                ? Problems.unreadableBody()
                : Problems.forStatus(status, status.is5xxServerError()
                ? "The server failed to answer this request."
                : "The request could not be served: " + status.getReasonPhrase() + ".");
        // Not /error: the problem is about what the client asked for.
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (uri != null) {
            try {
                problem.setInstance(URI.create(uri.toString()));
            } catch (IllegalArgumentException notAUri) {
                // the problem is complete without it
            }
        }
        if (status.is4xxClientError() && !Refusals.logged(request)) {
            Refusals.log(status.value(), request.getMethod(), uri == null ? null : uri.toString(),
                    problem.getDetail());
        }
        return ProblemResponses.entity(problem, new HttpHeaders());
    }

    private static boolean bodyUnreadable(HttpServletRequest request) {
        Object error = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        for (Throwable cause = error instanceof Throwable t ? t : null; cause != null && cause != cause.getCause();
             cause = cause.getCause()) {
            if (cause instanceof org.apache.coyote.BadRequestException) {
                return true;
            }
        }
        return false;
    }
}
