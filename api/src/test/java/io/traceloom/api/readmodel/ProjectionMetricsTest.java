package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import org.axonframework.messaging.timeout.HandlerTimeoutHandlerEnhancerDefinition;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

/** {@code /actuator/prometheus}: HTTP server, Axon and per-projection meters, in Prometheus' text format. */
class ProjectionMetricsTest {

    private final Http http = SharedTraceloom.get().http();

    @Test
    void everyProjectionHasItsLagFailureAndReplayMeters() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        Http.Response metrics = http.get("/actuator/prometheus");

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.contentType()).startsWith("text/plain");
        for (String projection : new String[] {"trade-item-tags", "trade-items", "credentials"}) {
            String tag = "{projection=\"" + projection + "\"}";
            assertThat(metrics.body())
                    .contains("traceloom_projection_lag_events" + tag + " 0.0")
                    .contains("traceloom_projection_failing" + tag + " 0.0")
                    .contains("traceloom_projection_failures_total" + tag + " 0.0")
                    .contains("traceloom_projection_replaying" + tag + " 0.0");
        }
    }

    @Test
    void httpServerAndAxonMeters() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        String metrics = http.get("/actuator/prometheus").body();

        assertThat(metrics).contains("http_server_requests_seconds_count{")
                .contains("uri=\"/trade-item-tags\"")
                .contains("commandBus_successCounter_total{payloadType=\"CreateTradeItemTag\"}")
                .contains("eventProcessor_latency{processorName=\"trade-item-tags\"}")
                .contains("eventProcessor_successCounter_total{payloadType=\"TradeItemTagCreated\",processorName=\"trade-items\"}");
    }

    /** What the README says is off for its cost on every request stays off (BENCHMARKS.md has the cost). */
    @Test
    void springSecuritysFilterObservationsAndAxonsTimeoutsAreOff() {
        Fixtures.createTag(http, SharedTraceloom.unique("METRICS"));

        assertThat(http.get("/actuator/prometheus").body())
                .contains("http_server_requests_seconds_count{")
                .doesNotContain("spring_security_filterchains")
                .doesNotContain("spring_security_http_secured_requests");
        assertThatThrownBy(() -> SharedTraceloom.get().bean(HandlerTimeoutHandlerEnhancerDefinition.class))
                .isInstanceOf(NoSuchBeanDefinitionException.class);
    }
}
