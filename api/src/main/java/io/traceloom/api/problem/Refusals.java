package io.traceloom.api.problem;

import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.lang.Nullable;

/**
 * The log of refused requests: one line each (status, method, target, why), never a stack trace. A client
 * error is the client's, expected and answered; the line is there to explain an answer, not to alarm.
 * Server errors keep their stack traces where they are caught.
 */
public final class Refusals {

    private static final Logger log = LoggerFactory.getLogger(Refusals.class);
    private static final int MAX_TARGET = 200;
    private static final int MAX_DETAIL = 300;
    private static final String LOGGED = Refusals.class.getName() + ".logged";

    private Refusals() {
    }

    /**
     * Logs a refusal of this request, and marks it logged: an error dispatch that follows (Tomcat's, for a
     * body it could not read) then does not log it a second time.
     */
    public static void log(HttpServletRequest request, int status, @Nullable String detail) {
        request.setAttribute(LOGGED, Boolean.TRUE);
        log(status, request.getMethod(), request.getRequestURI(), detail);
    }

    /** Whether this request's refusal was logged already. */
    public static boolean logged(HttpServletRequest request) {
        return request.getAttribute(LOGGED) != null;
    }

    public static void log(int status, @Nullable String method, @Nullable String target, @Nullable String detail) {
        if (status >= 500) {
            log.warn("{} {} {}: {}", status, printable(method, 20), printable(target, MAX_TARGET),
                    printable(detail, MAX_DETAIL));
        } else if (log.isInfoEnabled()) {
            log.info("{} {} {}: {}", status, printable(method, 20), printable(target, MAX_TARGET),
                    printable(detail, MAX_DETAIL));
        }
    }

    /** What a client sent may hold line breaks and escapes: one line stays one line. */
    static String printable(@Nullable String text, int max) {
        if (text == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 3);
        for (int i = 0; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) ? '?' : c);
        }
        if (text.length() > max) {
            out.append("...");
        }
        return out.toString();
    }
}
