package io.traceloom.api.http;

import io.traceloom.api.problem.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.context.request.WebRequest;

/**
 * Entity tags name the versions of everything a representation shows: the resource's own version, then
 * that of each resource it embeds, joined by dots ({@code "7"}, {@code "0.12"}). So the tag changes
 * whenever any part of the body does, also when only an embedded resource changed.
 */
public final class Versions {

    private Versions() {
    }

    /** The entity tag of a representation at {@code version} embedding resources at {@code embedded}. */
    public static String etag(long version, long... embedded) {
        StringJoiner tag = new StringJoiner(".", "\"", "\"");
        tag.add(Long.toString(version));
        for (long part : embedded) {
            tag.add(Long.toString(part));
        }
        return tag.toString();
    }

    /**
     * A read of one resource: 200 with its entity tag, or 304 (written by Spring, answered with
     * {@code null}) when the client's {@code If-None-Match} already names it.
     */
    public static <T> ResponseEntity<T> ok(WebRequest request, String etag, T body) {
        if (request.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok().eTag(etag).body(body);
    }

    /**
     * Checks an {@code If-Match} precondition against the representation's current entity tag: 412 unless
     * it is {@code *} or names the current tag (strong comparison, RFC 9110: a weak tag never matches).
     *
     * @return whether the header pins the current version (it names the tag, rather than {@code *})
     */
    public static boolean requireMatch(String ifMatch, String current) {
        String header = ifMatch.trim();
        if (header.equals("*")) {
            return false;
        }
        if (!tags(header).contains(current)) {
            throw new ErrorResponseException(HttpStatus.PRECONDITION_FAILED, Problems.of(
                    HttpStatus.PRECONDITION_FAILED, "version-mismatch", "Precondition failed",
                    "The resource has changed since the version If-Match names; it is now " + current + "."), null);
        }
        return true;
    }

    /** The strong entity tags of a list such as {@code "1", W/"2", "3.4"}, each with its quotes. */
    static List<String> tags(String header) {
        List<String> tags = new ArrayList<>();
        int at = 0;
        while (at < header.length()) {
            char c = header.charAt(at);
            if (c == ',' || c == ' ' || c == '\t') {
                at++;
                continue;
            }
            boolean weak = header.startsWith("W/", at);
            int open = weak ? at + 2 : at;
            if (open >= header.length() || header.charAt(open) != '"') {
                return tags; // not an entity tag: nothing further can match
            }
            int close = header.indexOf('"', open + 1);
            if (close < 0) {
                return tags;
            }
            if (!weak) {
                tags.add(header.substring(open, close + 1));
            }
            at = close + 1;
        }
        return tags;
    }
}
