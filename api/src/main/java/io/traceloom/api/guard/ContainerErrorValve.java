package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.http.RequestIdFilter;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.Refusals;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.util.Collections;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.res.StringManager;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.lang.Nullable;

/**
 * Answers what Tomcat refuses before a request reaches the application (a request line or header that is
 * not HTTP, a path that does not decode, headers over the size limit) as problem+json, where Tomcat's
 * {@link ErrorReportValve} would write an HTML page. It takes that valve's place in the host's pipeline.
 *
 * <p>Tomcat says what went wrong only in its log messages (localised, with parameters) and in the status
 * it set; the detail written here is matched from those messages through Tomcat's own string bundles, so
 * it holds in any locale, and falls back to a general sentence when nothing matches.
 */
public class ContainerErrorValve extends ErrorReportValve {

    private static final StringManager HTTP11 = StringManager.getManager("org.apache.coyote.http11");
    private static final StringManager CONNECTOR = StringManager.getManager("org.apache.catalina.connector");
    private static final StringManager HTTP_UTIL = StringManager.getManager("org.apache.tomcat.util.http");

    /** RFC 3986 {@code path-abempty}: unreserved, sub-delims, ':', '@', '/', and the '%' of pct-encoded. */
    private static final CharMatcher PATH_CHARS = c -> (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
            || (c >= '0' && c <= '9') || "-._~!$&'()*+,;=:@/%".indexOf(c) >= 0;

    private final ObjectMapper json;

    public ContainerErrorValve(ObjectMapper json) {
        this.json = json;
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        // As ErrorReportValve: nothing for a success, nothing once something was written or reported.
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean ioAllowed = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
        if (!ioAllowed.get()) {
            return;
        }
        String target = request.getRequestURI();
        ProblemDetail problem = describe(status, response.getMessage(), throwable, target,
                maxHeaderBytes(request), headers(request));
        if (target != null && !target.isEmpty()) {
            try {
                problem.setInstance(URI.create(target));
            } catch (IllegalArgumentException notAUri) {
                // the target is what was refused; the problem is complete without it
            }
        }
        Refusals.log(problem.getStatus(), request.getMethod(), target, problem.getDetail());
        try {
            ProblemResponses.prepare(response, problem);
            response.setCharacterEncoding("UTF-8");
            response.setHeader(RequestIdFilter.HEADER,
                    RequestIdFilter.requestId(request.getHeader(RequestIdFilter.HEADER)));
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(json.writeValueAsString(problem));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response closed: nothing left to tell
        }
    }

    /** What went wrong, in the client's terms, from Tomcat's status, message and exception. */
    static ProblemDetail describe(int status, @Nullable String message, @Nullable Throwable error,
                                  @Nullable String target, long maxHeaderBytes, HeaderSource headers) {
        String cause = error == null ? null : error.getMessage();
        if (cause != null && matches(HTTP11, "iib.requestheadertoolarge.error", cause)) {
            // The request line and the headers share one buffer: without a parsed target it was the line.
            return target == null || target.isEmpty()
                    ? Problems.forStatus(HttpStatus.URI_TOO_LONG,
                    "The request line is longer than the " + maxHeaderBytes + " bytes this service reads.")
                    : Problems.forStatus(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "The request's headers are larger than the " + maxHeaderBytes + " bytes this service reads.");
        }
        if (cause != null && matches(HTTP_UTIL, "headers.maxCountFail", cause)) {
            return Problems.forStatus(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "The request has more header fields than this service reads.");
        }
        if (message != null && matches(HTTP_UTIL, "cookies.maxCountFail", message)) {
            return Problems.forStatus(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "The request has more cookies than this service reads.");
        }
        HttpStatus known = HttpStatus.resolve(status);
        HttpStatus answered = known == null ? HttpStatus.BAD_REQUEST : known;
        if (status != 400) {
            return Problems.forStatus(answered, switch (status) {
                case 405 -> "The method is not allowed here.";
                case 417 -> "The Expect header asks for something this service does not do.";
                case 501 -> "The request uses a method or transfer coding this service does not implement.";
                case 505 -> "The request's HTTP version is not supported; use HTTP/1.1.";
                default -> answered.is5xxServerError() ? "The server failed to answer this request."
                        : "The request could not be served: " + answered.getReasonPhrase() + ".";
            });
        }
        return Problems.forStatus(HttpStatus.BAD_REQUEST, badRequest(message, cause, target, headers));
    }

    private static String badRequest(@Nullable String message, @Nullable String cause, @Nullable String target,
                                     HeaderSource headers) {
        if (cause != null && matches(HTTP11, "iib.invalidRequestTarget", cause)) {
            return "The request target has a character that is not allowed in a URI; percent-encode it "
                    + "(RFC 3986).";
        }
        if (cause != null && matches(HTTP11, "iib.invalidmethod", cause)) {
            return "The request method is not a valid HTTP method name.";
        }
        if (cause != null && matches(HTTP11, "iib.invalidHttpProtocol", cause)) {
            return "The request line does not end with a valid HTTP version.";
        }
        if (cause != null && matches(HTTP11, "iib.invalidheader.reject", cause)) {
            return "A request header is not valid HTTP (RFC 9110): its name must be a token followed by a colon, "
                    + "and its value must not hold control characters.";
        }
        String path = target == null ? null : pathProblem(target);
        if (path != null) {
            return path;
        }
        if (target != null && !target.isEmpty() && !target.startsWith("/")) {
            return "The request target must be a path that starts with '/'.";
        }
        if (headers.count("host") != 1) {
            return "An HTTP/1.1 request needs exactly one Host header.";
        }
        if (headers.count("content-length") > 1 || !headers.all("content-length").stream()
                .allMatch(value -> value.trim().matches("[0-9]{1,18}"))) {
            return "The Content-Length header must be given once, as a whole number of bytes.";
        }
        if (headers.count("transfer-encoding") > 0) {
            return "The Transfer-Encoding header is not one this service reads (only chunked, alone and last).";
        }
        if (message != null && (matches(CONNECTOR, "coyoteAdapter.invalidURI", message)
                || matches(CONNECTOR, "coyoteAdapter.invalidURIWithMessage", message))) {
            return "The path is not valid: it leaves the root with '..'.";
        }
        return "The request is not valid HTTP/1.1 and could not be read.";
    }

    /** What is wrong with a raw (undecoded) path, or {@code null} when nothing this can see is. */
    @Nullable
    static String pathProblem(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (!PATH_CHARS.matches(c)) {
                String shown = c > 0x20 && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
                return "The path has a character that is not allowed in a URI path, " + shown
                        + "; percent-encode it (RFC 3986).";
            }
        }
        String lower = raw.toLowerCase(Locale.ROOT);
        if (lower.contains("%2f") || lower.contains("%5c")) {
            return "The path has an encoded slash or backslash (%2F, %5C); this service does not accept them.";
        }
        if (lower.contains("%00")) {
            return "The path has an encoded NUL character (%00).";
        }
        if (PercentEncoding.decode(raw.replace("+", "%2B")) == null) {
            return lower.matches("(?s).*%(?![0-9a-f]{2}).*")
                    ? "The path has a '%' that does not start a percent-encoded byte ('%' and two hexadecimal "
                    + "digits)."
                    : "The path does not decode to UTF-8 text.";
        }
        return null;
    }

    /** Whether a message is this bundle entry, whatever its one parameter was. */
    static boolean matches(StringManager bundle, String key, String message) {
        String template = bundle.getString(key, "\u0001");
        int hole = template.indexOf('\u0001');
        if (hole < 0) {
            return message.equals(template);
        }
        String before = template.substring(0, hole);
        String after = template.substring(hole + 1);
        return message.length() >= before.length() + after.length()
                && message.startsWith(before) && message.endsWith(after);
    }

    private static long maxHeaderBytes(Request request) {
        return request.getConnector() != null
                && request.getConnector().getProtocolHandler() instanceof AbstractHttp11Protocol<?> http11
                ? http11.getMaxHttpRequestHeaderSize() : 8192;
    }

    private interface CharMatcher {
        boolean matches(char c);
    }

    /** The request's headers, as far as Tomcat read them. */
    interface HeaderSource {
        java.util.List<String> all(String name);

        default int count(String name) {
            return all(name).size();
        }
    }

    private static HeaderSource headers(Request request) {
        return name -> {
            try {
                return Collections.list(request.getHeaders(name));
            } catch (RuntimeException unreadable) {
                return java.util.List.of();
            }
        };
    }
}
