package io.traceloom.api.readmodel;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * What {@link ProjectionsEndpoint} asks of the other processes of a deployment, by the URLs the token store names
 * them by ({@code traceloom.node-url}): a request forwarded to the one that works on a projection, and a request
 * to let go of a projection's segments for a while so that a replay can gather them in one process. A forwarded
 * request is marked ({@value #FORWARDED}) and never forwarded again.
 */
final class OtherProcesses {

    /** Marks a forwarded request, which is never forwarded again (two processes naming each other loop not). */
    static final String FORWARDED = "X-Traceloom-Forwarded-By";
    /**
     * Asks a process to let go of the projection's segments for this many seconds (a replay gathers them in one
     * process); sent only between processes, with {@link #FORWARDED}.
     */
    static final String RELEASE = "X-Traceloom-Release-Segments";
    /** How long a process asked to let go of segments keeps off them; asked again while the replay runs. */
    static final long RELEASE_SECONDS = 20;
    /** How long a replay waits for the released segments to be claimed here. */
    static final Duration GATHER_WITHIN = Duration.ofSeconds(30);
    private static final Duration FORWARD_TIMEOUT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(OtherProcesses.class);

    private final TokenStoreSegments tokenStore;
    private final ObjectMapper json;
    private final String self;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(FORWARD_TIMEOUT).build();

    OtherProcesses(TokenStoreSegments tokenStore, ObjectMapper json, String self) {
        this.tokenStore = tokenStore;
        this.json = json;
        this.self = self;
    }

    /** Asks another process to let go of the projection's segments for a while; whether it did. */
    boolean release(String owner, String name) {
        URI target = URI.create(owner.replaceAll("/+$", "") + "/actuator/projections/" + name);
        try {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(target).timeout(FORWARD_TIMEOUT)
                            .header(FORWARDED, self).header(RELEASE, String.valueOf(RELEASE_SECONDS))
                            .header("Accept", "application/json")
                            .POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (answer.statusCode() != 200) {
                log.warn("{} did not let go of the segments of projection {}: {} {}", owner, name,
                        answer.statusCode(), answer.body());
            }
            return answer.statusCode() == 200;
        } catch (IOException e) {
            log.warn("Could not ask {} to let go of the segments of projection {}: {}", owner, name, e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The owner's answer, as it gave it; empty when it could not be asked. */
    Optional<WebEndpointResponse<Object>> forward(String method, String owner, String name) {
        URI target = URI.create(owner.replaceAll("/+$", "") + "/actuator/projections/" + name);
        try {
            // a replay may first gather the projection's segments there
            Duration timeout = method.equals("POST") ? FORWARD_TIMEOUT.plus(GATHER_WITHIN) : FORWARD_TIMEOUT;
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(target).timeout(timeout)
                    .header(FORWARDED, self.isEmpty() ? "api" : self)
                    .header("Accept", "application/json")
                    .method(method, HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Object body = answer.body().isBlank() ? null : json.readValue(answer.body(), Object.class);
            return Optional.of(new WebEndpointResponse<>(body, answer.statusCode()));
        } catch (IOException e) {
            log.warn("Could not forward {} {} to {}, which works on projection {}: {}", method, target, owner, name,
                    e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    static boolean isUrl(String owner) {
        return owner.startsWith("http://") || owner.startsWith("https://");
    }

    static String header(String name) {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                ? attributes.getRequest().getHeader(name) : null;
    }

    /** The one process that works on the projection, when the token store names it by a URL to forward to. */
    Optional<String> forwardable(String name) {
        List<String> owners = tokenStore.owners(name);
        if (owners.size() != 1 || alreadyForwarded() || owners.get(0).equals(self)) {
            return Optional.empty();
        }
        String owner = owners.get(0);
        return owner.startsWith("http://") || owner.startsWith("https://") ? Optional.of(owner) : Optional.empty();
    }

    static boolean alreadyForwarded() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes
                && attributes.getRequest().getHeader(FORWARDED) != null;
    }
}
