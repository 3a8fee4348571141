package io.traceloom.api.problem;

import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/** Thrown while reading a body that has grown past the limit ({@code traceloom.http.max-body-size}): 413. */
public final class BodyTooLargeException extends IOException {
    private final long maxBytes;

    public BodyTooLargeException(long maxBytes) {
        super("request body exceeds " + maxBytes + " bytes");
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** The answer to a body larger than {@code maxBytes}, whether its declared length says so or its reading. */
    public static ProblemDetail problem(long maxBytes) {
        return Problems.of(HttpStatus.PAYLOAD_TOO_LARGE, "payload-too-large", "Payload too large",
                "The request body is larger than " + maxBytes + " bytes.");
    }
}
