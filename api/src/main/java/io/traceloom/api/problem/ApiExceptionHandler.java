package io.traceloom.api.problem;

import io.traceloom.api.content.ContentTooLargeException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.api.storage.DurableCommits;
import io.traceloom.kernel.message.Rejection;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.lang.Nullable;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error leaves as {@code application/problem+json}. Spring's base class covers the HTTP-level ones
 * (404 route, 405, 415, ...); this adds the request body, the command side's refusals and the rest.
 *
 * <p>A {@code detail} speaks of the request as the client sent it: JSON fields and types, query parameters,
 * headers. It never names a Java class or a parser's token (a problem is read by people who never saw the
 * code), and every client error is logged in one line, without a stack trace ({@link Refusals}).
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    private final Uploads uploads;
    private final DurableCommits durableCommits;

    public ApiExceptionHandler(Uploads uploads, DurableCommits durableCommits) {
        this.uploads = uploads;
        this.durableCommits = durableCommits;
    }

    /** The methods an {@code Allow} lists, in the order it lists them. */
    private static final List<HttpMethod> METHOD_ORDER = List.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST,
            HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE, HttpMethod.OPTIONS);

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        List<FieldProblem> errors = Violations.onePerField(ex.getBindingResult().getFieldErrors().stream()
                .map(error -> new Violations.Finding(error.getField(), String.valueOf(error.getCode()),
                        String.valueOf(error.getDefaultMessage())))
                .toList());
        return problem(Problems.invalid(Problems.detailOf(errors), errors), headers, request);
    }

    /**
     * Bean Validation of a body that is a JSON array of objects ({@code @RequestBody List<@Valid X>}), and of
     * constraints on parameters: each element is named by its index in the body, {@code [3].code}; the body
     * as a whole is {@code (body)}, a query parameter its name.
     */
    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException ex,
                                                                            HttpHeaders headers,
                                                                            HttpStatusCode status,
                                                                            WebRequest request) {
        List<Violations.Finding> findings = new ArrayList<>();
        for (ParameterValidationResult result : ex.getParameterValidationResults()) {
            MethodParameter parameter = result.getMethodParameter();
            String root = parameter.hasParameterAnnotation(RequestBody.class) ? ""
                    : String.valueOf(parameter.getParameterName());
            String at = result.getContainerIndex() == null ? root : root + "[" + result.getContainerIndex() + "]";
            if (result instanceof ParameterErrors errors) {
                for (FieldError error : errors.getFieldErrors()) {
                    findings.add(new Violations.Finding(at.isEmpty() ? error.getField() : at + "." + error.getField(),
                            String.valueOf(error.getCode()), String.valueOf(error.getDefaultMessage())));
                }
            } else {
                for (MessageSourceResolvable error : result.getResolvableErrors()) {
                    String[] codes = error.getCodes();
                    String constraint = codes == null || codes.length == 0 ? "" : codes[codes.length - 1];
                    findings.add(new Violations.Finding(at.isEmpty() ? "(body)" : at, constraint,
                            String.valueOf(error.getDefaultMessage())));
                }
            }
        }
        List<FieldProblem> errors = Violations.onePerField(findings);
        return problem(Problems.invalid(Problems.detailOf(errors), errors), headers, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
                                                                  HttpHeaders headers, HttpStatusCode status,
                                                                  WebRequest request) {
        Optional<BodyTooLargeException> tooLarge =
                UnreadableBodies.causeOf(ex, BodyTooLargeException.class);
        if (tooLarge.isPresent()) {
            return problem(BodyTooLargeException.problem(tooLarge.get().maxBytes()), headers, request);
        }
        return problem(UnreadableBodies.describe(ex), headers, request);
    }

    @Override
    protected ResponseEntity<Object> handleTypeMismatch(org.springframework.beans.TypeMismatchException ex,
                                                        HttpHeaders headers, HttpStatusCode status,
                                                        WebRequest request) {
        String field = ex instanceof MethodArgumentTypeMismatchException argument ? argument.getName()
                : ex.getPropertyName();
        Class<?> type = ex.getRequiredType();
        String expected = type == null ? "another type"
                : type == boolean.class || type == Boolean.class ? "true or false"
                : UnreadableBodies.jsonType(type);
        return problem(Problems.invalid(field + " must be " + expected + ".",
                List.of(new FieldProblem(field, "must be " + expected))), headers, request);
    }

    /** {@code Allow} lists what answers: HEAD wherever GET does, and OPTIONS everywhere something does. */
    @Override
    protected ResponseEntity<Object> handleHttpRequestMethodNotSupported(HttpRequestMethodNotSupportedException ex,
                                                                         HttpHeaders headers,
                                                                         HttpStatusCode status,
                                                                         WebRequest request) {
        Set<HttpMethod> answering = new LinkedHashSet<>();
        Set<HttpMethod> supported = ex.getSupportedHttpMethods() == null ? Set.of() : ex.getSupportedHttpMethods();
        for (HttpMethod method : METHOD_ORDER) {
            if (supported.contains(method) || (method == HttpMethod.HEAD && supported.contains(HttpMethod.GET))
                    || (method == HttpMethod.OPTIONS && !supported.isEmpty())) {
                answering.add(method);
            }
        }
        supported.stream().filter(method -> !METHOD_ORDER.contains(method)).forEach(answering::add);
        HttpHeaders allow = new HttpHeaders();
        allow.setAllow(answering);
        String methods = String.join(", ", answering.stream().map(HttpMethod::name).toList());
        return problem(Problems.forStatus(HttpStatus.METHOD_NOT_ALLOWED,
                "Method " + ex.getMethod() + " is not allowed here; this resource answers " + methods + "."),
                allow, request);
    }

    /**
     * Every answer here is problem+json whatever the {@code Accept} header asks for, so Spring's detail (a Java
     * list of media types) is replaced by one in the client's terms.
     */
    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotAcceptable(HttpMediaTypeNotAcceptableException ex,
                                                                      HttpHeaders headers, HttpStatusCode status,
                                                                      WebRequest request) {
        String produced = String.join(", ", ex.getSupportedMediaTypes().stream().map(MediaType::toString).toList());
        String detail = produced.isEmpty()
                ? "The Accept header asks for a representation this resource does not have."
                : "The Accept header asks for a representation this resource does not have; it answers "
                + produced + ".";
        return problem(Problems.forStatus(HttpStatus.NOT_ACCEPTABLE, detail), headers, request);
    }

    @Override
    protected ResponseEntity<Object> handleHttpMediaTypeNotSupported(HttpMediaTypeNotSupportedException ex,
                                                                     HttpHeaders headers, HttpStatusCode status,
                                                                     WebRequest request) {
        String accepted = String.join(", ", ex.getSupportedMediaTypes().stream().map(MediaType::toString).toList());
        String given = request.getHeader(HttpHeaders.CONTENT_TYPE);
        String detail = given == null || given.isBlank()
                ? "The request body needs a Content-Type header: " + accepted + "."
                : "Content-Type " + given + " is not supported here; send " + accepted + ".";
        return problem(Problems.forStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE, detail), headers, request);
    }

    @Override
    protected ResponseEntity<Object> handleMaxUploadSizeExceededException(MaxUploadSizeExceededException ex,
                                                                          HttpHeaders headers, HttpStatusCode status,
                                                                          WebRequest request) {
        return problem(uploads.refusal(ex), headers, request);
    }

    @Override
    protected ResponseEntity<Object> handleMissingServletRequestPart(MissingServletRequestPartException ex,
                                                                     HttpHeaders headers, HttpStatusCode status,
                                                                     WebRequest request) {
        String part = ex.getRequestPartName();
        return problem(Problems.invalid("The multipart body has no part '" + part + "' with a file name.",
                List.of(new FieldProblem(part, "is required: a part with a file name"))), headers, request);
    }

    /** A multipart body the container could not read (its size is handled above). */
    @ExceptionHandler(MultipartException.class)
    public ResponseEntity<Object> unreadableMultipart(MultipartException ex, WebRequest request) {
        return problem(uploads.refusal(ex), new HttpHeaders(), request);
    }

    @ExceptionHandler(ContentTooLargeException.class)
    public ResponseEntity<Object> contentTooLarge(ContentTooLargeException ex, WebRequest request) {
        return problem(uploads.tooLarge(), new HttpHeaders(), request);
    }

    @ExceptionHandler(CommandExecutionException.class)
    public ResponseEntity<Object> rejected(CommandExecutionException ex, WebRequest request) {
        Optional<Object> details = ex.getDetails();
        if (details.isEmpty() || !(details.get() instanceof Rejection rejection)) {
            return unexpected(ex, request);
        }
        ProblemDetail problem = switch (rejection.kind()) {
            case NOT_FOUND -> Problems.of(HttpStatus.NOT_FOUND, "not-found", "Not found", rejection.message());
            case CONFLICT -> withField(Problems.of(HttpStatus.CONFLICT, "conflict", "Conflict",
                    rejection.message()), rejection);
            case INVALID -> !rejection.violations().isEmpty()
                    ? Problems.violations(rejection.message(), rejection.field(), rejection.violations())
                    : rejection.field() == null
                    ? Problems.of(HttpStatus.BAD_REQUEST, "invalid", "The request is not valid", rejection.message())
                    : Problems.invalid(rejection.message(),
                    List.of(new FieldProblem(rejection.field(), rejection.message())));
            case VERSION_MISMATCH -> Problems.of(HttpStatus.PRECONDITION_FAILED, "version-mismatch",
                    "Precondition failed", rejection.message());
        };
        return problem(problem, new HttpHeaders(), request);
    }

    @ExceptionHandler(ConcurrencyException.class)
    public ResponseEntity<Object> concurrent(ConcurrencyException ex, WebRequest request) {
        return problem(Problems.of(HttpStatus.CONFLICT, "concurrent-modification", "Conflict",
                "The resource was changed by another request at the same time; retry."), new HttpHeaders(), request);
    }

    @ExceptionHandler(Exception.class)
    public ResponseEntity<Object> unexpected(Exception ex, WebRequest request) {
        if (eventStoreUnavailable(ex) || durableCommits.failure().isPresent()) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.RETRY_AFTER, "5");
            return problem(Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "event-store-unavailable",
                    "Service unavailable", "The event store cannot take this request now; retry later."),
                    headers, request);
        }
        log.error("Request failed", ex);
        return problem(Problems.of(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal server error",
                "The server failed to answer this request."), new HttpHeaders(), request);
    }

    /**
     * Where every answer of Spring's base class passes: a problem Spring names only by its status
     * ({@code about:blank}) gets a type of this service's, and the refusal is logged. The content type is
     * set here, not negotiated: an {@code Accept} header that does not parse must not cost the answer its
     * body.
     */
    @Override
    protected ResponseEntity<Object> createResponseEntity(@Nullable Object body, HttpHeaders headers,
                                                          HttpStatusCode statusCode, WebRequest request) {
        if (body instanceof ProblemDetail problem) {
            if (problem.getType() == null || "about:blank".equals(problem.getType().toString())) {
                problem.setType(URI.create(Problems.TYPE_PREFIX + Problems.typeOf(statusCode)));
            }
            logRefusal(problem, request);
            HttpHeaders withType = new HttpHeaders();
            withType.putAll(headers);
            withType.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
            return super.createResponseEntity(body, withType, statusCode, request);
        }
        return super.createResponseEntity(body, headers, statusCode, request);
    }

    /**
     * The event store refused the request as a whole, not for what it asked: it is closed or unreachable (a
     * connection failure, in JDBC's words), or it could not force the request's events to disk. Nothing was
     * acknowledged; health says why (the {@code eventStore} component), and another instance, or this one once
     * restarted, can take the request. (Once the embedded store needs a restart, its pool is closed too: any
     * failure then is that, above.)
     */
    private static boolean eventStoreUnavailable(Throwable ex) {
        for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
            if (cause instanceof DurableCommits.NotDurableException) {
                return true;
            }
            // a batch's failure carries the statements' own in its chain of next exceptions
            for (SQLException sql = cause instanceof SQLException first ? first : null; sql != null;
                 sql = sql.getNextException()) {
                if (connectionLost(sql)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * JDBC's connection exceptions; SQL's class of them (SQLState 08), as PostgreSQL's driver reports a connection
     * lost; and H2's "the database has been closed" (90098), which it reports once its store was closed under it.
     */
    private static boolean connectionLost(SQLException sql) {
        String state = sql.getSQLState();
        return sql instanceof SQLNonTransientConnectionException || sql instanceof SQLTransientConnectionException
                || state != null && (state.startsWith("08") || state.equals("90098"));
    }

    private static ProblemDetail withField(ProblemDetail problem, Rejection rejection) {
        if (rejection.field() != null) {
            problem.setProperty("errors", List.of(new FieldProblem(rejection.field(), rejection.message())));
        }
        return problem;
    }

    private static ResponseEntity<Object> problem(ProblemDetail problem, HttpHeaders headers, WebRequest request) {
        logRefusal(problem, request);
        return ProblemResponses.entity(problem, headers);
    }

    private static void logRefusal(ProblemDetail problem, WebRequest request) {
        HttpServletRequest servlet = request instanceof NativeWebRequest nativeRequest
                ? nativeRequest.getNativeRequest(HttpServletRequest.class) : null;
        if (problem.getStatus() < 500 || problem.getStatus() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            if (servlet == null) {
                Refusals.log(problem.getStatus(), null, null, problem.getDetail());
            } else {
                Refusals.log(servlet, problem.getStatus(), problem.getDetail());
            }
        }
    }
}
