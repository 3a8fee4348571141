package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Status;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.ErrorResponseException;

/** Before the read models have caught up after a start, readiness is down and API requests get 503. */
class ReadinessGateTest {

    @Test
    void requestsWaitForTheRebuild() {
        ReadModelCatchUp rebuilding = new ReadModelCatchUp(null, null);

        ErrorResponseException refused = catchThrowableOfType(ErrorResponseException.class,
                () -> new ReadinessGate(rebuilding).preHandle(new MockHttpServletRequest("GET", "/trade-items"),
                        new MockHttpServletResponse(), new Object()));

        assertThat(refused.getStatusCode().value()).isEqualTo(503);
        assertThat(refused.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(refused.getBody().getDetail()).contains("rebuilt");
        assertThat(rebuilding.health().getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
    }
}
