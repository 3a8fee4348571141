package io.traceloom.api.http;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/** RFC 9457 problem details as this service writes them. */
public final class Problems {

    /** Every {@code type} this service writes starts so; the rest names the kind of problem. */
    public static final String TYPE_PREFIX = "urn:traceloom:problem:";

    private Problems() {
    }

    /** One thing wrong with one field of the request. */
    public record FieldProblem(String field, String message) {
    }

    public static ProblemDetail of(HttpStatusCode status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_PREFIX + type));
        problem.setTitle(title);
        return problem;
    }

    public static ProblemDetail invalid(String detail, List<FieldProblem> errors) {
        ProblemDetail problem = of(HttpStatus.BAD_REQUEST, "validation", "The request is not valid", detail);
        problem.setProperty("errors", errors);
        return problem;
    }

    /**
     * A body that could not be read at all (Tomcat's refusal while reading it): it ended before its
     * {@code Content-Length}, or its chunked transfer coding is broken.
     */
    public static ProblemDetail unreadableBody() {
        return of(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body",
                "The request body could not be read as sent: it ends early, or its chunked transfer coding is "
                        + "not valid.");
    }

    /** The detail of a validation problem: the one field and what is wrong with it, or the fields' names. */
    public static String detailOf(List<FieldProblem> errors) {
        if (errors.size() == 1) {
            return errors.get(0).field() + " " + errors.get(0).message() + ".";
        }
        return errors.size() + " fields are not valid: "
                + String.join(", ", errors.stream().map(FieldProblem::field).toList()) + ".";
    }

    /**
     * A problem named for its HTTP status: {@code urn:traceloom:problem:method-not-allowed}, titled with the
     * reason phrase. For the refusals that need no name of their own (Spring's and Tomcat's).
     */
    public static ProblemDetail forStatus(HttpStatusCode status, String detail) {
        return of(status, typeOf(status), titleOf(status), detail);
    }

    /** The type a status gets when nothing more specific is known: its reason phrase, hyphenated. */
    public static String typeOf(HttpStatusCode status) {
        return titleOf(status).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    private static String titleOf(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        return known == null ? "HTTP " + status.value() : known.getReasonPhrase();
    }
}
