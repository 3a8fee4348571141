package io.traceloom.api.http;

import java.util.List;
import java.util.StringJoiner;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * A list answer: the page's items as a JSON array, the total in {@code X-Total-Count}, and RFC 8288
 * {@code Link}s to the first, previous, next and last pages.
 */
public final class Paged {

    public static final String TOTAL_COUNT = "X-Total-Count";

    private Paged() {
    }

    public static <T> ResponseEntity<List<T>> response(PageParams params, List<T> items, long total) {
        return headers(params, total).body(items);
    }

    /** A list answer of something versioned as a whole (a resource's history): with its entity tag. */
    public static <T> ResponseEntity<List<T>> response(PageParams params, List<T> items, long total, String etag) {
        return headers(params, total).eTag(etag).body(items);
    }

    /**
     * A page of a list that is not counted (counting would read all of it, as the audit feed would the event
     * store): no {@code X-Total-Count}, no {@code last}; {@code next} while there is more.
     */
    public static <T> ResponseEntity<List<T>> openEnded(PageParams params, List<T> items, boolean more) {
        requireLinksFit(params);
        StringJoiner links = new StringJoiner(", ");
        links.add(link(1, params, "first"));
        if (params.page() > 1) {
            links.add(link(params.page() - 1, params, "prev"));
        }
        if (more) {
            links.add(link(params.page() + 1, params, "next"));
        }
        return ResponseEntity.ok().header("Link", links.toString()).body(items);
    }

    private static ResponseEntity.BodyBuilder headers(PageParams params, long total) {
        requireLinksFit(params);
        long last = Math.max(1, (total + params.limit() - 1) / params.limit());
        StringJoiner links = new StringJoiner(", ");
        links.add(link(1, params, "first"));
        if (params.page() > 1) {
            links.add(link(Math.min(params.page() - 1, last), params, "prev"));
        }
        if (params.page() < last) {
            links.add(link(params.page() + 1, params, "next"));
        }
        links.add(link(last, params, "last"));
        return ResponseEntity.ok()
                .header(TOTAL_COUNT, Long.toString(total))
                .header("Link", links.toString());
    }

    /**
     * The links repeat the request (its host and query) four times: whether they fit is decided on the request
     * alone, as if every link were there and named the last page there can be, whatever the list holds.
     */
    private static void requireLinksFit(PageParams params) {
        int longest = link(Integer.MAX_VALUE, params, "first").length();
        EchoedHeaders.requireFits(4L * (longest + 2), "the Link header of its pages");
    }

    private static String link(long page, PageParams params, String relation) {
        String uri = ServletUriComponentsBuilder.fromCurrentRequest()
                .replaceQueryParam("page", page)
                .replaceQueryParam("limit", params.limit())
                .build().toUriString();
        return "<" + uri + ">; rel=\"" + relation + "\"";
    }
}
