package io.traceloom.api.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A plain HTTP/1.1 JSON client for tests: requests as a client would send them, answers as they come. Every
 * answer is checked against the API document the application serves ({@link ServedDocument}): one that the
 * document does not describe fails the request with an {@link AssertionError} that says how.
 */
public final class Http {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long one request may take before it fails ({@link java.net.http.HttpTimeoutException}). */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final String baseUrl;
    private final HttpClient client;
    /** Headers every request of this client sends (an {@code Authorization}, say), as name, value, ... */
    private final String[] always;
    private final Duration timeout;
    private final Documented documented;

    Http(String baseUrl) {
        this(baseUrl, HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build(), new String[0], REQUEST_TIMEOUT, null);
    }

    private Http(String baseUrl, HttpClient client, String[] always, Duration timeout, Documented documented) {
        this.baseUrl = baseUrl;
        this.client = client;
        this.always = always;
        this.timeout = timeout;
        this.documented = documented != null ? documented : new Documented(baseUrl, client);
        if (documented == null) {
            DOCUMENTS.put(baseUrl, this.documented); // a new application on the port of one that stopped
        }
    }

    /** This client, sending these headers (name, value, ...) with every request besides its own. */
    public Http with(String... headers) {
        String[] all = new String[always.length + headers.length];
        System.arraycopy(always, 0, all, 0, always.length);
        System.arraycopy(headers, 0, all, always.length, headers.length);
        return new Http(baseUrl, client, all, timeout, documented);
    }

    /** This client, giving up on a request after {@code timeout} instead of 30 s. */
    public Http withTimeout(Duration timeout) {
        return new Http(baseUrl, client, always, timeout, documented);
    }

    /** This client, with a bearer token. */
    public Http bearer(String token) {
        return with("Authorization", "Bearer " + token);
    }

    /** A client of a service that a test did not start in its own JVM (a packaged jar, another process). */
    public static Http at(String baseUrl) {
        return new Http(baseUrl);
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** One answer: status, headers, the raw body, and the body as JSON when it is JSON. */
    public record Response(int status, HttpHeaders headers, String body) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        public String contentType() {
            return header("Content-Type");
        }
    }

    public Response get(String path, String... headers) {
        return send("GET", path, null, null, headers);
    }

    public Response post(String path, String json, String... headers) {
        return send("POST", path, "application/json", BodyPublishers.ofString(json), headers);
    }

    public Response put(String path, String json, String... headers) {
        return send("PUT", path, "application/json", BodyPublishers.ofString(json), headers);
    }

    public Response delete(String path, String... headers) {
        return send("DELETE", path, null, null, headers);
    }

    public Response send(String method, String path, String contentType, BodyPublisher body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(timeout)
                .method(method, body == null ? BodyPublishers.noBody() : body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        for (int i = 0; i + 1 < always.length; i += 2) {
            request.header(always[i], always[i + 1]);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            var response = client.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
            documented.check(method, path, new ServedDocument.Answer(response.statusCode(),
                    name -> response.headers().firstValue(name), !response.body().isEmpty(), response.body()));
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An answer whose body is bytes (file contents). */
    public record BinaryResponse(int status, HttpHeaders headers, byte[] body) {

        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    /** A GET whose answer body is kept as bytes. */
    public BinaryResponse getBytes(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(timeout);
        for (int i = 0; i + 1 < always.length; i += 2) {
            request.header(always[i], always[i + 1]);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            var response = client.send(request.build(), BodyHandlers.ofByteArray());
            documented.check("GET", path, new ServedDocument.Answer(response.statusCode(),
                    name -> response.headers().firstValue(name), response.body().length > 0, null));
            return new BinaryResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A multipart upload, as a browser or {@code curl -F} sends it. */
    public Response upload(String path, Multipart body, String... headers) {
        return send("POST", path, body.contentType(), BodyPublishers.ofByteArray(body.bytes()), headers);
    }

    /** A body sent without Content-Length (chunked), as streaming clients do. */
    public static BodyPublisher chunked(byte[] body) {
        return BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
    }

    /** The document of the application at each base URL that a client was made for, for {@link RawHttp}. */
    private static final Map<String, Documented> DOCUMENTS = new ConcurrentHashMap<>();

    /** Checks an answer of the application at {@code baseUrl} as {@link Http} does (nothing when none was made). */
    static void check(String baseUrl, String method, String target, ServedDocument.Answer answer) {
        Documented documented = DOCUMENTS.get(baseUrl);
        if (documented != null) {
            documented.check(method, target, answer);
        }
    }

    /** The documents served so far, by their text without their server URL. */
    private static final Map<String, ServedDocument> SERVED = new ConcurrentHashMap<>();

    /** Paths no API document describes: asked often (readiness), so they never make it fetch the document. */
    private static final List<String> UNDOCUMENTED = List.of("/actuator", "/v3/api-docs", "/swagger-ui");

    /**
     * One application's API document, fetched at the first answer to check and kept for that application's
     * life (every copy of its client shares it). While it cannot be had (not ready yet, the application
     * stopped) nothing is checked; an application that serves none (springdoc turned off) is never asked again.
     */
    private static final class Documented {

        private final String baseUrl;
        private final HttpClient client;
        private volatile ServedDocument document;
        private volatile boolean none;

        Documented(String baseUrl, HttpClient client) {
            this.baseUrl = baseUrl;
            this.client = client;
        }

        void check(String method, String target, ServedDocument.Answer answer) {
            if (UNDOCUMENTED.stream().anyMatch(target::startsWith)) {
                return;
            }
            ServedDocument served = document();
            if (served == null) {
                return;
            }
            List<String> violations = served.violations(method, target, answer);
            if (!violations.isEmpty()) {
                String body = answer.text() == null ? "(bytes)" : answer.text();
                throw new AssertionError("""
                        %s %s answered %d, which the API document (/v3/api-docs) does not describe:
                          %s
                        The answer's body: %s
                        Fix the answer, or the document (the controller's annotations, api/.../openapi), whichever                         is wrong by docs/interface.md and docs/api.md."""
                        .formatted(method, target, answer.status(), String.join("\n  ", violations),
                                body.length() > 2000 ? body.substring(0, 2000) + "..." : body));
            }
        }

        private ServedDocument document() {
            if (document != null || none) {
                return document;
            }
            synchronized (this) {
                if (document == null && !none) {
                    try {
                        var response = client.send(HttpRequest.newBuilder(URI.create(baseUrl + "/v3/api-docs"))
                                .timeout(REQUEST_TIMEOUT).build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
                        if (response.statusCode() == 200) {
                            // Applications of one configuration serve one document but for its server URL: its
                            // schemas are compiled once for all of them.
                            document = SERVED.computeIfAbsent(
                                    response.body().replaceFirst("\"servers\":\\[[^\\]]*],", ""),
                                    ServedDocument::of);
                        } else if (response.statusCode() == 404) {
                            none = true;
                        }
                    } catch (IOException notNow) {
                        return null;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return null;
                    }
                }
                return document;
            }
        }
    }
}
