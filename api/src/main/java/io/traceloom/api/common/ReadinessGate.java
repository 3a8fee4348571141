package io.traceloom.api.common;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.servlet.HandlerInterceptor;

/** Answers API requests with 503 while the read models are still being built at start. */
@Component
public class ReadinessGate implements HandlerInterceptor {

    private final ReadModelCatchUp catchUp;

    public ReadinessGate(ReadModelCatchUp catchUp) {
        this.catchUp = catchUp;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!catchUp.isCaughtUp()) {
            HttpHeaders headers = new HttpHeaders();
            headers.set(HttpHeaders.RETRY_AFTER, "1");
            throw new ErrorResponseException(HttpStatus.SERVICE_UNAVAILABLE,
                    Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "starting", "Service unavailable",
                            "The read models are being rebuilt after a start; retry shortly."), null) {
                @Override
                public HttpHeaders getHeaders() {
                    return headers;
                }
            };
        }
        return true;
    }
}
