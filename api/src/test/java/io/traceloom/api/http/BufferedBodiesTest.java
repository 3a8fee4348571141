package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request bodies held in memory together are bounded in bytes ({@code traceloom.http.max-buffered-bodies}), as
 * they arrive: a body that does not fit beside those held is refused at once with 503 and {@code Retry-After}, one
 * that fits is served, and the bytes of a body are given back when its request is over.
 */
class BufferedBodiesTest {

    private static final Pattern BUFFERED = Pattern.compile("(?m)^traceloom_http_buffered_bodies_bytes (\\S+)$");

    @TempDir
    Path dataDir;

    @Test
    void aBodyThatDoesNotFitBesideThoseHeldIs503AndOneThatFitsIsServed() throws Exception {
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir, "--traceloom.http.max-buffered-bodies=16KB")) {
            Http http = traceloom.http();
            String large = "{\"name\":\"Large\",\"schema\":{\"description\":\"" + "d".repeat(8000) + "\"}}";
            try (Socket arriving = new Socket()) {
                // a body declared as 20,000 bytes, 12,000 of them sent: held while the rest is awaited
                arriving.connect(new InetSocketAddress("127.0.0.1", URI.create(http.baseUrl()).getPort()), 5000);
                arriving.getOutputStream().write(("POST /trade-items HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 20000\r\n\r\n{\"name\":\""
                        + "x".repeat(12_000 - 9)).getBytes(StandardCharsets.US_ASCII));
                awaitBuffered(http, 12_000);

                Http.Response refused = http.post("/schemas", large);
                Http.Response fits = http.post("/trade-item-tags", "{\"code\":\"SMALL\",\"name\":\"Small\"}");

                assertThat(refused.status()).as(refused.body()).isEqualTo(503);
                assertThat(refused.contentType()).startsWith("application/problem+json");
                assertThat(refused.header("Retry-After")).isEqualTo("1");
                assertThat(refused.json().get("type").asText()).isEqualTo("urn:traceloom:problem:busy");
                assertThat(refused.json().get("detail").asText()).contains("traceloom.http.max-buffered-bodies");
                assertThat(fits.status()).as(fits.body()).isEqualTo(201);
            }
            awaitBuffered(http, 0);
            Http.Response later = http.put("/schemas/" + UUID.randomUUID(), large);
            assertThat(later.status()).as("served once the other body's bytes are given back: " + later.body())
                    .isEqualTo(201);
            awaitBuffered(http, 0);
        }
    }

    /** Polls the gauge of the bytes held until it reads {@code bytes}. */
    private static void awaitBuffered(Http http, long bytes) throws InterruptedException {
        long guard = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // an anti-hang guard, not a timing assertion
        double last = -1;
        while (System.nanoTime() < guard) {
            Matcher gauge = BUFFERED.matcher(http.get("/actuator/prometheus").body());
            if (gauge.find() && (last = Double.parseDouble(gauge.group(1))) == bytes) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("request bodies held never read " + bytes + " bytes (last " + last + ")");
    }
}
