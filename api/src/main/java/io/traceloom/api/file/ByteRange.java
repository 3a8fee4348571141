package io.traceloom.api.file;

import io.traceloom.api.problem.Problems;
import java.util.Locale;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * One range of bytes a client asked for with {@code Range} (RFC 9110, 14.2), from {@code first} to
 * {@code last}, both included. Only single ranges are served as 206: for several ranges (or a header that
 * does not parse, or another unit), the whole content is the answer, as RFC 9110 allows.
 */
record ByteRange(long first, long last) {

    long length() {
        return last - first + 1;
    }

    String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }

    /**
     * The one range of {@code header} within {@code size} bytes; {@code null} to answer with the whole content.
     *
     * @throws ErrorResponseException 416 when the range starts at or after the end
     */
    static ByteRange parse(String header, long size) {
        if (header == null) {
            return null;
        }
        String value = header.trim();
        int equals = value.indexOf('=');
        if (equals < 0 || !value.substring(0, equals).trim().toLowerCase(Locale.ROOT).equals("bytes")) {
            return null;
        }
        String spec = value.substring(equals + 1).trim();
        if (spec.indexOf(',') >= 0) {
            return null;
        }
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String from = spec.substring(0, dash).trim();
        String to = spec.substring(dash + 1).trim();
        if (from.isEmpty()) {
            long suffix = number(to);
            if (suffix < 0) {
                return null;
            }
            if (suffix == 0) {
                throw unsatisfiable(size);
            }
            return new ByteRange(Math.max(0, size - suffix), size - 1);
        }
        long first = number(from);
        long last = to.isEmpty() ? Long.MAX_VALUE : number(to);
        if (first < 0 || last < 0 || last < first) {
            return null;
        }
        if (first >= size) {
            throw unsatisfiable(size);
        }
        return new ByteRange(first, Math.min(last, size - 1));
    }

    /** A run of ASCII digits as a number (very long ones as the largest), or -1 when it is not one. */
    private static long number(String digits) {
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    private static ErrorResponseException unsatisfiable(long size) {
        ErrorResponseException refused = new ErrorResponseException(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
                Problems.forStatus(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE,
                        "The range starts at or after the end of the content, which has " + size + " bytes."), null);
        refused.getHeaders().set(HttpHeaders.CONTENT_RANGE, "bytes */" + size);
        return refused;
    }
}
