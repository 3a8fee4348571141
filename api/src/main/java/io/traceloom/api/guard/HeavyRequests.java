package io.traceloom.api.guard;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.traceloom.api.problem.ServiceUnavailableException;
import io.traceloom.api.settings.ApiProperties;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Admission of {@link HeavyRequest heavy requests}: at most {@code traceloom.http.max-heavy-requests} are served at
 * once, and at most {@code traceloom.http.max-waiting-heavy-requests} wait for a place, each for at most
 * {@link #MAX_WAIT}; any other is refused at once with 503 and {@code Retry-After}, before its body is parsed. The
 * heap a heavy request may take while it is served (its body parsed, compiled, rendered, its events, its answer) is
 * bounded by the limits on what it holds; this bounds how many hold it at once. A waiting request holds its body as
 * it arrived, no more. The place is taken for the whole request, its wait for the read models included, since the
 * request keeps its memory until it is answered.
 */
@Configuration(proxyBeanMethods = false)
public class HeavyRequests implements HandlerInterceptor, WebMvcConfigurer {

    static final Duration MAX_WAIT = Duration.ofSeconds(10);
    private static final String ADMITTED = HeavyRequests.class.getName() + ".admitted";

    private final int places;
    private final Semaphore served;
    private final Semaphore waiting;
    private final Counter refused;

    public HeavyRequests(ApiProperties properties, ObjectProvider<MeterRegistry> meters) {
        this.places = properties.http().heavyRequests();
        this.served = new Semaphore(places, true);
        this.waiting = new Semaphore(Math.max(0, properties.http().maxWaitingHeavyRequests()));
        MeterRegistry registry = meters.getIfAvailable();
        if (registry != null) {
            Gauge.builder("traceloom.http.heavy.requests", this, HeavyRequests::servedNow)
                    .description("heavy requests being served").register(registry);
            Gauge.builder("traceloom.http.heavy.requests.waiting", waiting,
                            queue -> properties.http().maxWaitingHeavyRequests() - queue.availablePermits())
                    .description("heavy requests waiting to be served").register(registry);
            this.refused = Counter.builder("traceloom.http.heavy.requests.refused")
                    .description("heavy requests refused with 503: every place taken, the queue full").register(registry);
        } else {
            this.refused = null;
        }
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this);
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws InterruptedException {
        if (!(handler instanceof HandlerMethod method) || !method.hasMethodAnnotation(HeavyRequest.class)) {
            return true;
        }
        if (!served.tryAcquire()) {
            if (!waiting.tryAcquire()) {
                throw busy();
            }
            try {
                if (!served.tryAcquire(MAX_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw busy();
                }
            } finally {
                waiting.release();
            }
        }
        request.setAttribute(ADMITTED, Boolean.TRUE);
        return true;
    }

    @Override
    public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler,
                                Exception ex) {
        if (request.getAttribute(ADMITTED) != null) {
            request.removeAttribute(ADMITTED);
            served.release();
        }
    }

    private ServiceUnavailableException busy() {
        if (refused != null) {
            refused.increment();
        }
        return new ServiceUnavailableException("busy", "The service is serving as many requests of this kind as "
                + "it takes at once (" + places + ", traceloom.http.max-heavy-requests); retry shortly.");
    }

    private int servedNow() {
        return places - served.availablePermits();
    }
}
