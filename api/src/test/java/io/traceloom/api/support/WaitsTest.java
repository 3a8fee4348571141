package io.traceloom.api.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A wait that allows minutes is not failed by one request that takes longer than a request may: on a loaded
 * machine one readiness request of a starting service took over 30 s, and the test failed though its wait allowed
 * four minutes. Here a service whose first answer is slower than the client's request timeout.
 */
class WaitsTest {

    private final AtomicInteger asked = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);
    private HttpServer server;

    @AfterEach
    void stop() {
        released.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aRequestThatTimesOutIsAskedAgainWithinTheDeadline() throws IOException {
        Http http = serve(1).withTimeout(Duration.ofMillis(300));

        Waits.until200(http, "/actuator/health/readiness", Duration.ofSeconds(20), () -> true, () -> "");

        assertThat(asked.get()).as("requests until the answer").isGreaterThanOrEqualTo(2);
    }

    @Test
    void theDeadlineStillHolds() throws IOException {
        Http http = serve(Integer.MAX_VALUE).withTimeout(Duration.ofMillis(200));

        assertThatThrownBy(() -> Waits.until200(http, "/actuator/health/readiness", Duration.ofSeconds(1),
                () -> true, () -> "its log")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not answer 200 within PT1S").hasMessageContaining("its log");
    }

    @Test
    void aProcessThatDiedIsNotWaitedFor() throws IOException {
        Http http = serve(0);

        assertThatThrownBy(() -> Waits.until200(http, "/missing", Duration.ofMinutes(5), () -> false, () -> "gone"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("gone");
    }

    /** A service whose first {@code slow} answers come only when the test ends; then 200. */
    private Http serve(int slow) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "slow-service");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/actuator/health/readiness", exchange -> {
            if (asked.incrementAndGet() <= slow) {
                try {
                    released.await(1, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        return Http.at("http://127.0.0.1:" + server.getAddress().getPort());
    }
}
