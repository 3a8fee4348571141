package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.traceloom.api.problem.Refusals;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RawHttp;
import io.traceloom.api.support.SharedTraceloom;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * An expected client error is logged once, in one line, without a stack trace, wherever it was refused:
 * by Tomcat, a filter, Spring, the controller or the command side.
 */
class RefusalLoggingTest {

    private static Http http;
    private static RawHttp raw;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
        raw = new RawHttp(http.baseUrl());
    }

    @BeforeEach
    void listen() {
        logged.start();
        root.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        root.detachAppender(logged);
        logged.stop();
    }

    /** The log lines that mention this marker, or were written for a request with it as its request id. */
    private List<ILoggingEvent> about(String marker) {
        return logged.list.stream().filter(event -> event.getFormattedMessage().contains(marker)
                || marker.equals(event.getMDCPropertyMap().get(RequestIdFilter.MDC_KEY))).toList();
    }

    /** Since the last {@code logged.list.clear()}: one line from Refusals, about this request, and no trace. */
    private void assertLoggedOnceInOneLine(String marker, int status) {
        List<ILoggingEvent> lines = about(marker);
        assertThat(lines).as(marker).hasSize(1);
        assertThat(logged.list.stream().filter(event -> event.getLoggerName().equals(Refusals.class.getName())))
                .as("refusals logged").hasSize(1);
        assertThat(logged.list.stream().filter(event -> event.getThrowableProxy() != null)).as("stack traces").isEmpty();
        ILoggingEvent line = lines.get(0);
        assertThat(line.getLoggerName()).isEqualTo(Refusals.class.getName());
        assertThat(line.getLevel()).isEqualTo(Level.INFO);
        assertThat(line.getFormattedMessage()).startsWith(status + " ").doesNotContain("\n");
        assertThat(line.getThrowableProxy()).isNull();
    }

    private static String marker() {
        return UUID.randomUUID().toString();
    }

    @Test
    void refusalsAnywhereAreLoggedOnceWithoutAStackTrace() {
        String route = marker();
        logged.list.clear();
        assertThat(http.get("/" + route).status()).isEqualTo(404);
        assertLoggedOnceInOneLine(route, 404);

        String missing = marker();
        logged.list.clear();
        assertThat(http.get("/trade-items/" + missing).status()).isEqualTo(404);
        assertLoggedOnceInOneLine(missing, 404);

        String method = marker();
        logged.list.clear();
        assertThat(http.send("PUT", "/trade-items/" + method, null, null).status()).isEqualTo(405);
        assertLoggedOnceInOneLine(method, 405);

        String malformed = marker();
        logged.list.clear();
        assertThat(http.post("/trade-items?" + malformed, "{").status()).isEqualTo(400);
        assertLoggedOnceInOneLine(malformed, 400);

        String bracket = marker();
        logged.list.clear();
        assertThat(raw.request("GET /trade-items/" + bracket + "[] HTTP/1.1", List.of(), new byte[0]).status())
                .isEqualTo(400);
        assertLoggedOnceInOneLine(bracket, 400);

        String tooLarge = marker();
        logged.list.clear();
        assertThat(raw.request("GET /trade-items/" + tooLarge + " HTTP/1.1", List.of("X-Big: " + "a".repeat(9000)),
                new byte[0]).status()).isEqualTo(431);
        assertLoggedOnceInOneLine(tooLarge, 431);

        String chunks = marker();
        logged.list.clear();
        assertThat(raw.request("POST /trade-items HTTP/1.1", List.of("Content-Type: application/json",
                "Transfer-Encoding: chunked", "X-Request-Id: " + chunks), "zz\r\n{}\r\n0\r\n\r\n".getBytes())
                .status()).isEqualTo(400);
        assertLoggedOnceInOneLine(chunks, 400);
    }

    @Test
    void theCommandSidesRefusalsAreLoggedOnceWithoutAStackTrace() {
        String context = "https://example.org/" + marker();
        logged.list.clear();
        assertThat(http.post("/credentials/issue", "{\"@context\":[\"" + context + "\"]}").status()).isEqualTo(400);
        assertLoggedOnceInOneLine(context, 400);

        String code = SharedTraceloom.unique("LOGGED");
        String tag = "{\"code\":\"" + code + "\",\"name\":\"x\"}";
        assertThat(http.post("/trade-item-tags", tag).status()).isEqualTo(201);
        logged.list.clear();
        assertThat(http.post("/trade-item-tags", tag).status()).isEqualTo(409);
        assertLoggedOnceInOneLine(code, 409);
    }
}
