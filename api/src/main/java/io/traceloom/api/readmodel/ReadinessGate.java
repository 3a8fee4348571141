package io.traceloom.api.readmodel;

import io.traceloom.api.problem.ServiceUnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
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
            throw new ServiceUnavailableException("starting",
                    "The read models are being rebuilt after a start; retry shortly.");
        }
        return true;
    }
}
