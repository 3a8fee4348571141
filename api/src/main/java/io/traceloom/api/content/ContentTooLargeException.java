package io.traceloom.api.content;

/** The bytes were more than the limit; nothing of them is kept. */
public class ContentTooLargeException extends RuntimeException {

    private final long maxBytes;

    public ContentTooLargeException(long maxBytes) {
        super("content exceeds " + maxBytes + " bytes");
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
