package io.traceloom.api.content;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;

/**
 * Writes {@link ContentRange}s: as many bytes as the range says, streamed, with that {@code Content-Length}.
 * The controller sets the media type and decides about ranges; Spring's own range handling (for
 * {@code Resource} bodies) is not involved, so an answer is exactly what the controller decided.
 */
public class ContentRangeConverter extends AbstractHttpMessageConverter<ContentRange> {

    public ContentRangeConverter() {
        super(MediaType.ALL);
    }

    @Override
    protected boolean supports(Class<?> type) {
        return ContentRange.class.isAssignableFrom(type);
    }

    @Override
    protected boolean canRead(MediaType mediaType) {
        return false;
    }

    @Override
    protected ContentRange readInternal(Class<? extends ContentRange> type, HttpInputMessage input) {
        throw new HttpMessageNotReadableException("content is only written", input);
    }

    @Override
    protected Long getContentLength(ContentRange range, MediaType contentType) {
        return range.length();
    }

    @Override
    protected void writeInternal(ContentRange range, HttpOutputMessage output) throws IOException {
        try (InputStream in = range.content().open(range.offset())) {
            OutputStream out = output.getBody();
            byte[] buffer = new byte[64 * 1024];
            long left = range.length();
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new IOException("the content ended " + left + " bytes early");
                }
                out.write(buffer, 0, n);
                left -= n;
            }
            out.flush();
        }
    }
}
