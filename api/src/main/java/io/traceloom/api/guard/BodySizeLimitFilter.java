package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.problem.BodyTooLargeException;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Refusals;
import io.traceloom.api.problem.Uploads;
import io.traceloom.api.settings.ApiProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses request bodies over {@code traceloom.http.max-body-size} with 413: at once when the declared
 * length is too large, and while reading when a body without a declared length grows too large.
 *
 * <p>Multipart bodies (file uploads) have their own limit, {@code traceloom.files.max-size} plus an envelope:
 * here the declared length is checked against it; while the body is read, the servlet container's multipart
 * limits, set to the same values ({@link Uploads}), apply, since the container reads the parts from its own
 * stream.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class BodySizeLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;
    private final Uploads uploads;
    private final ObjectMapper json;

    public BodySizeLimitFilter(ApiProperties properties, ObjectMapper json) {
        this.maxBytes = properties.http().maxBodySize().toBytes();
        this.uploads = new Uploads(properties.files());
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean multipart = Uploads.isMultipart(request);
        long limit = multipart ? uploads.maxRequestBytes() : maxBytes;
        if (request.getContentLengthLong() > limit) {
            ProblemDetail problem = multipart ? uploads.tooLarge() : BodyTooLargeException.problem(maxBytes);
            Refusals.log(request, HttpStatus.PAYLOAD_TOO_LARGE.value(), problem.getDetail()
                    + " (declared: " + request.getContentLengthLong() + ")");
            ProblemResponses.write(response, problem, json);
            return;
        }
        chain.doFilter(new LimitedRequest(request, limit), response);
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {
        private final long maxBytes;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long maxBytes) {
            super(request);
            this.maxBytes = maxBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), maxBytes);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends ServletInputStream {
        private final ServletInputStream delegate;
        private final long maxBytes;
        private long read;

        LimitedStream(ServletInputStream delegate, long maxBytes) {
            this.delegate = delegate;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = delegate.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = delegate.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws BodyTooLargeException {
            read += n;
            if (read > maxBytes) {
                throw new BodyTooLargeException(maxBytes);
            }
        }

        @Override
        public boolean isFinished() {
            return delegate.isFinished();
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            delegate.setReadListener(listener);
        }
    }
}
