package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.http.RequestIdFilter;
import io.traceloom.api.problem.BodyTooLargeException;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.Refusals;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.MDC;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * Reads every request body before the request is handled, without holding a thread while it arrives: the
 * body is read with Servlet non-blocking IO into a buffer, and only once it is complete is the request
 * dispatched to the application, which then reads it from memory. A client trickling a body one byte at
 * a time therefore holds a connection, not one of the worker threads every other request needs. Three
 * bounds keep even connections from piling up: the whole body must arrive within
 * {@code traceloom.http.body-timeout} (408 otherwise), may not exceed {@code traceloom.http.max-body-size}
 * (413), and one client (remote address) may have at most
 * {@code traceloom.http.max-slow-bodies-per-client} bodies still arriving at once (429 for the next).
 * <p>
 * A fourth bounds the memory: all the bodies held, arriving or being served, may take at most
 * {@code traceloom.http.max-buffered-bodies} together, counted as their bytes arrive and given back when the
 * request is answered; a body that does not fit is refused with 503 and {@code Retry-After}. Many clients, each
 * within its own bounds, could otherwise hold 1 MB each by the thousand.
 * <p>
 * Multipart bodies are left to the container (its part parser reads the connection itself), and so are
 * requests without a body.
 */
public class SlowClientFilter implements Filter {

    private static final String BODY = SlowClientFilter.class.getName() + ".body";
    private static final int CHUNK = 8192;

    private final long maxBytes;
    private final Duration bodyTimeout;
    private final int maxSlowBodiesPerClient;
    private final ObjectMapper json;
    private final ConcurrentMap<String, AtomicInteger> slowBodies = new ConcurrentHashMap<>();
    private final long maxBufferedBytes;
    private final AtomicLong bufferedBytes = new AtomicLong();

    public SlowClientFilter(long maxBytes, Duration bodyTimeout, int maxSlowBodiesPerClient, long maxBufferedBytes,
                            ObjectMapper json) {
        this.maxBytes = maxBytes;
        this.bodyTimeout = bodyTimeout;
        this.maxSlowBodiesPerClient = maxSlowBodiesPerClient;
        this.maxBufferedBytes = maxBufferedBytes;
        this.json = json;
    }

    /** The bytes of the bodies held now, arriving or being served. */
    public long bufferedBytes() {
        return bufferedBytes.get();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        if (request.getDispatcherType() == DispatcherType.ASYNC && request.getAttribute(BODY) instanceof byte[] body) {
            request.removeAttribute(BODY);
            chain.doFilter(new BufferedRequest(request, body), response);
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST || !hasBody(request) || isMultipart(request)
                || !request.isAsyncSupported()) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getContentLengthLong() > maxBytes) {
            refuse(request, response, BodyTooLargeException.problem(maxBytes));
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(bodyTimeout.toMillis());
        BodyReader reader = new BodyReader(async, request, response);
        async.addListener(reader);
        request.getInputStream().setReadListener(reader);
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    private static boolean isMultipart(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    /**
     * Answers at once and closes the connection: the rest of the body is not worth reading. Before any
     * other filter has run, so the request id is given here.
     */
    private void refuse(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        String requestId = response.getHeader(RequestIdFilter.HEADER);
        if (requestId == null) {
            requestId = RequestIdFilter.requestId(request.getHeader(RequestIdFilter.HEADER));
            response.setHeader(RequestIdFilter.HEADER, requestId);
        }
        MDC.put(RequestIdFilter.MDC_KEY, requestId);
        try {
            Refusals.log(request, problem.getStatus(), problem.getDetail());
        } finally {
            MDC.remove(RequestIdFilter.MDC_KEY);
        }
        response.setHeader("Connection", "close");
        if (problem.getStatus() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            response.setHeader("Retry-After", "1");
        }
        ProblemResponses.write(response, problem, json);
    }

    static ProblemDetail timedOut(Duration bodyTimeout) {
        return Problems.of(HttpStatus.REQUEST_TIMEOUT, "body-timeout", "Request body too slow",
                "The request body did not arrive within " + bodyTimeout.toMillis() + " ms.");
    }

    static ProblemDetail tooManyBufferedBodies(long limit) {
        return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "busy", "Service unavailable",
                "The service holds as many request bodies as it takes at once (" + limit
                        + " bytes, traceloom.http.max-buffered-bodies); retry shortly.");
    }

    static ProblemDetail tooManySlowBodies(int limit) {
        return Problems.of(HttpStatus.TOO_MANY_REQUESTS, "too-many-slow-requests", "Too many slow requests",
                "This client already has " + limit + " request bodies still arriving.");
    }

    /** One body on its way in; every outcome happens once (completion, timeout, refusal, error). */
    private final class BodyReader implements ReadListener, AsyncListener {
        private final AsyncContext async;
        private final HttpServletRequest request;
        private final HttpServletResponse response;
        private final String client;
        private final ByteArrayOutputStream body;
        private final byte[] chunk = new byte[CHUNK];
        private final AtomicBoolean finished = new AtomicBoolean();
        private boolean countedAsSlow;
        /** The bytes of {@link #bufferedBytes} this body holds; given back once, when its request is over. */
        private long held;

        BodyReader(AsyncContext async, HttpServletRequest request, HttpServletResponse response) {
            this.async = async;
            this.request = request;
            this.response = response;
            this.client = request.getRemoteAddr();
            long declared = request.getContentLengthLong();
            this.body = new ByteArrayOutputStream(declared > 0 ? (int) Math.min(declared, CHUNK * 8L) : CHUNK);
        }

        @Override
        public void onDataAvailable() throws IOException {
            ServletInputStream in = request.getInputStream();
            while (in.isReady() && !in.isFinished()) {
                int read = in.read(chunk);
                if (read < 0) {
                    break;
                }
                if (body.size() + read > maxBytes) {
                    end(BodyTooLargeException.problem(maxBytes));
                    return;
                }
                if (!hold(read)) {
                    end(tooManyBufferedBodies(maxBufferedBytes));
                    return;
                }
                body.write(chunk, 0, read);
            }
            if (!in.isFinished() && !finished.get() && countAsSlow() > maxSlowBodiesPerClient) {
                end(tooManySlowBodies(maxSlowBodiesPerClient));
            }
        }

        @Override
        public void onAllDataRead() {
            if (finished.compareAndSet(false, true)) {
                release();
                request.setAttribute(BODY, body.toByteArray());
                async.dispatch();
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            end(timedOut(bodyTimeout));
        }

        @Override
        public void onError(Throwable error) {
            // a body not framed as declared (chunks that are not chunks), or a client that went away: the
            // former gets its 400, the latter nobody can answer
            if (finished.compareAndSet(false, true)) {
                release();
                try {
                    refuse(request, response, Problems.unreadableBody());
                } catch (IOException | RuntimeException gone) {
                    // the connection is gone
                } finally {
                    async.complete();
                }
            }
        }

        @Override
        public void onError(AsyncEvent event) {
            onError(event.getThrowable());
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // after the dispatched request was answered, or after a refusal, a timeout, an error
            if (finished.compareAndSet(false, true)) {
                release();
            }
            giveBack();
        }

        /** Counts {@code bytes} more of this body among those held, if they fit. */
        private synchronized boolean hold(long bytes) {
            long now = bufferedBytes.addAndGet(bytes);
            if (now > maxBufferedBytes) {
                bufferedBytes.addAndGet(-bytes);
                return false;
            }
            held += bytes;
            return true;
        }

        private synchronized void giveBack() {
            bufferedBytes.addAndGet(-held);
            held = 0;
        }

        /**
         * The dispatched request went asynchronous again (a streamed answer): listeners are dropped then unless
         * they come back, and this one must hear of the end to give its bytes back.
         */
        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this);
        }

        private void end(ProblemDetail problem) throws IOException {
            if (finished.compareAndSet(false, true)) {
                release();
                try {
                    refuse(request, response, problem);
                } finally {
                    async.complete();
                }
            }
        }

        /** Counts this body among its client's slow ones (once); how many that client now has. */
        private synchronized int countAsSlow() {
            AtomicInteger slow = slowBodies.computeIfAbsent(client, address -> new AtomicInteger());
            if (countedAsSlow) {
                return slow.get();
            }
            countedAsSlow = true;
            return slow.incrementAndGet();
        }

        private synchronized void release() {
            if (countedAsSlow) {
                countedAsSlow = false;
                slowBodies.computeIfPresent(client, (address, slow) -> slow.decrementAndGet() <= 0 ? null : slow);
            }
        }
    }
}
