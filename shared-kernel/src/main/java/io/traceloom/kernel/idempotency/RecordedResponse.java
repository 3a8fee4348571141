package io.traceloom.kernel.idempotency;

/**
 * The first answer to a request with an idempotency key, as its retries get it again.
 *
 * @param location    the {@code Location} header, or {@code null}
 * @param etag        the {@code ETag} header, or {@code null}
 * @param contentType the {@code Content-Type} header, or {@code null}
 * @param body        the body as UTF-8 text, or {@code null} when it was too large to keep (the retry gets
 *                    the status and headers, and reads the resource at its location)
 */
public record RecordedResponse(int status, String location, String etag, String contentType, String body) {
}
