package io.traceloom.api.problem;

import io.traceloom.kernel.message.Violation;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
     * A JSON document in the request breaks a JSON Schema (a schema its meta-schema, variables their
     * template's schema). {@code errors} names each field that breaks a rule once, as everywhere: the field is
     * the JSON pointer of the value in the request body without its leading {@code /} ({@code schema/type},
     * {@code lot/kg}; {@code (body)} for the body itself), its message every rule it breaks. {@code violations}
     * lists every violation in JSON Schema's own terms: {@code instanceLocation} (a JSON pointer within the
     * document), {@code keywordLocation} (the rule's), {@code message}.
     *
     * @param field where the document is in the body, or {@code null} when it is the body
     */
    public static ProblemDetail violations(String detail, String field, List<Violation> violations) {
        Map<String, Set<String>> byField = new LinkedHashMap<>();
        for (Violation violation : violations) {
            byField.computeIfAbsent(fieldOf(field, violation.instanceLocation()), key -> new LinkedHashSet<>())
                    .add(violation.message());
        }
        List<FieldProblem> errors = new ArrayList<>();
        byField.forEach((path, messages) -> errors.add(new FieldProblem(path, String.join("; ", messages))));
        ProblemDetail problem = invalid(detail, errors);
        problem.setProperty("violations", violations);
        return problem;
    }

    /** The field of a value at {@code pointer} within the document at {@code field} of the body. */
    static String fieldOf(String field, String pointer) {
        String path = field == null ? (pointer.startsWith("/") ? pointer.substring(1) : pointer) : field + pointer;
        return path.isEmpty() ? "(body)" : path;
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
