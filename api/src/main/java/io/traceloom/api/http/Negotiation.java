package io.traceloom.api.http;

import java.util.List;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/** Which of two representations a client's {@code Accept} prefers. */
public final class Negotiation {

    private Negotiation() {
    }

    /**
     * Whether {@code accept} prefers {@code wanted} to {@code other}: ties, wildcards alone, no header and an
     * unreadable one go to {@code other}.
     */
    public static boolean prefers(String accept, MediaType wanted, MediaType other) {
        if (accept == null || accept.isBlank()) {
            return false;
        }
        List<MediaType> accepted;
        try {
            accepted = MediaType.parseMediaTypes(accept);
        } catch (InvalidMediaTypeException e) {
            return false;
        }
        return quality(accepted, wanted) > quality(accepted, other);
    }

    /** The quality the client gives a type: that of the most specific range including it, 0 when none. */
    private static double quality(List<MediaType> accepted, MediaType type) {
        MediaType best = null;
        for (MediaType range : accepted) {
            if (range.includes(type) && (best == null || range.isMoreSpecific(best))) {
                best = range;
            }
        }
        return best == null ? 0 : best.getQualityValue();
    }
}
