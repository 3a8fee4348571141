package io.traceloom.api.http;

import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/** RFC 9457 problem details as this service writes them. */
public final class Problems {

    private Problems() {
    }

    /** One thing wrong with one field of the request. */
    public record FieldProblem(String field, String message) {
    }

    public static ProblemDetail of(HttpStatusCode status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create("urn:traceloom:problem:" + type));
        problem.setTitle(title);
        return problem;
    }

    public static ProblemDetail invalid(String detail, List<FieldProblem> errors) {
        ProblemDetail problem = of(HttpStatus.BAD_REQUEST, "validation", "The request is not valid", detail);
        problem.setProperty("errors", errors);
        return problem;
    }
}
