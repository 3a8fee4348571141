package io.traceloom.api.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.traceloom.api.http.Problems.FieldProblem;
import io.traceloom.kernel.message.Rejection;
import java.util.List;
import java.util.Optional;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error leaves as {@code application/problem+json}. Spring's base class covers the HTTP-level ones
 * (404 route, 405, 415, ...); this adds the request body, the command side's refusals and the rest.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        List<FieldProblem> errors = ex.getBindingResult().getFieldErrors().stream()
                .map(error -> new FieldProblem(error.getField(), error.getDefaultMessage()))
                .sorted(java.util.Comparator.comparing(FieldProblem::field).thenComparing(FieldProblem::message))
                .toList();
        String detail = errors.size() == 1
                ? errors.get(0).field() + " " + errors.get(0).message()
                : errors.size() + " fields are not valid.";
        return problem(Problems.invalid(detail, errors), headers);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        Optional<BodySizeLimitFilter.BodyTooLargeException> tooLarge =
                causeOf(ex, BodySizeLimitFilter.BodyTooLargeException.class);
        if (tooLarge.isPresent()) {
            return problem(BodySizeLimitFilter.tooLarge(tooLarge.get().maxBytes()), headers);
        }
        Optional<UnrecognizedPropertyException> unknown = causeOf(ex, UnrecognizedPropertyException.class);
        if (unknown.isPresent()) {
            String field = path(unknown.get());
            return problem(Problems.invalid("Unknown field '" + field + "'.",
                    List.of(new FieldProblem(field, "is not a known field"))), headers);
        }
        Optional<MismatchedInputException> mismatch = causeOf(ex, MismatchedInputException.class);
        if (mismatch.isPresent() && !mismatch.get().getPath().isEmpty()) {
            String field = path(mismatch.get());
            String expected = mismatch.get().getTargetType() == null
                    ? "another type" : jsonType(mismatch.get().getTargetType());
            return problem(Problems.invalid(field + " must be " + expected + ".",
                    List.of(new FieldProblem(field, "must be " + expected))), headers);
        }
        String detail = causeOf(ex, JsonProcessingException.class)
                .map(json -> "The request body is not the expected JSON: " + abbreviate(json.getOriginalMessage()))
                .orElse("A JSON request body is required.");
        return problem(Problems.of(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body", detail),
                headers);
    }

    @Override
    protected ResponseEntity<Object> handleTypeMismatch(org.springframework.beans.TypeMismatchException ex,
                                                        HttpHeaders headers, HttpStatusCode status,
                                                        WebRequest request) {
        String field = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName()
                : ex.getPropertyName();
        String expected = ex.getRequiredType() == null ? "another type" : jsonType(ex.getRequiredType());
        return problem(Problems.invalid(field + " must be " + expected + ".",
                List.of(new FieldProblem(field, "must be " + expected))), headers);
    }

    @ExceptionHandler(CommandExecutionException.class)
    public ResponseEntity<Object> rejected(CommandExecutionException ex) {
        Optional<Object> details = ex.getDetails();
        if (details.isEmpty() || !(details.get() instanceof Rejection rejection)) {
            return unexpected(ex);
        }
        ProblemDetail problem = switch (rejection.kind()) {
            case NOT_FOUND -> Problems.of(HttpStatus.NOT_FOUND, "not-found", "Not found", rejection.message());
            case CONFLICT -> withField(Problems.of(HttpStatus.CONFLICT, "conflict", "Conflict",
                    rejection.message()), rejection);
            case INVALID -> rejection.field() == null
                    ? Problems.of(HttpStatus.BAD_REQUEST, "invalid", "The request is not valid", rejection.message())
                    : Problems.invalid(rejection.message(),
                    List.of(new FieldProblem(rejection.field(), rejection.message())));
            case VERSION_MISMATCH -> Problems.of(HttpStatus.PRECONDITION_FAILED, "version-mismatch",
                    "Precondition failed", rejection.message());
        };
        return problem(problem, new HttpHeaders());
    }

    @ExceptionHandler(ConcurrencyException.class)
    public ResponseEntity<Object> concurrent(ConcurrencyException ex) {
        return problem(Problems.of(HttpStatus.CONFLICT, "concurrent-modification", "Conflict",
                "The resource was changed by another request at the same time; retry."), new HttpHeaders());
    }

    @ExceptionHandler(Exception.class)
    public ResponseEntity<Object> unexpected(Exception ex) {
        log.error("Request failed", ex);
        return problem(Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal server error",
                "The server failed to answer this request."), new HttpHeaders());
    }

    private static ProblemDetail withField(ProblemDetail problem, Rejection rejection) {
        if (rejection.field() != null) {
            problem.setProperty("errors", List.of(new FieldProblem(rejection.field(), rejection.message())));
        }
        return problem;
    }

    private static ResponseEntity<Object> problem(ProblemDetail problem, HttpHeaders headers) {
        return ResponseEntity.status(problem.getStatus()).headers(headers)
                .contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    private static <T extends Throwable> Optional<T> causeOf(@Nullable Throwable error, Class<T> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return Optional.of(type.cast(cause));
            }
        }
        return Optional.empty();
    }

    /** The JSON path of the offending value, e.g. {@code links[2].href}. */
    private static String path(JsonMappingException error) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : error.getPath()) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "(body)" : path.toString();
    }

    private static String abbreviate(String message) {
        return message.length() <= 200 ? message : message.substring(0, 200) + "...";
    }

    private static String jsonType(Class<?> type) {
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "a boolean";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (java.time.temporal.Temporal.class.isAssignableFrom(type)) {
            return "an ISO-8601 date-time string";
        }
        return "an object";
    }
}
