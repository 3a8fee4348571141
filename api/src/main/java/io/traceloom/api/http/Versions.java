package io.traceloom.api.http;

import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.WebRequest;

/** Entity tags are the resource's version, quoted: {@code "7"}. */
public final class Versions {

    private Versions() {
    }

    public static String etag(long version) {
        return "\"" + version + "\"";
    }

    /**
     * A read of one resource: 200 with its entity tag, or 304 (written by Spring, answered with
     * {@code null}) when the client's {@code If-None-Match} already names this version.
     */
    public static <T> ResponseEntity<T> ok(WebRequest request, long version, T body) {
        String etag = etag(version);
        if (request.checkNotModified(etag)) {
            return null;
        }
        return ResponseEntity.ok().eTag(etag).body(body);
    }

    /**
     * The version an {@code If-Match} header expects, or {@code null} for none or {@code *}. A tag that is
     * not one of ours can never match, which is a 412 like any other mismatch.
     */
    public static Long fromIfMatch(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return null;
        }
        String tag = ifMatch.trim();
        if (tag.startsWith("W/")) {
            tag = tag.substring(2);
        }
        if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
            try {
                return Long.parseLong(tag.substring(1, tag.length() - 1));
            } catch (NumberFormatException ignored) {
                // falls through to "never matches"
            }
        }
        return -1L;
    }
}
