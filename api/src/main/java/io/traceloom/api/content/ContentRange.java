package io.traceloom.api.content;

/**
 * The body of an answer that sends kept bytes: {@code length} bytes of {@code content} from {@code offset}
 * (all of it, or the one range a client asked for). Written by {@link ContentRangeConverter}.
 */
public record ContentRange(ContentStore.Content content, long offset, long length) {

    public static ContentRange all(ContentStore.Content content) {
        return new ContentRange(content, 0, content.size());
    }
}
