package io.traceloom.api.support;

import io.traceloom.api.support.Http.Response;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One request of {@code TenantBeforeAnythingTest} that addresses a resource by id; {@code {name}} in the path, body
 * and headers stands for the owner's ids and entity tags. {@code ownerStatus} is what the owner gets for the same
 * request (null: not tried, it would change something); it shows that the probe does reach a check that could
 * leak.
 */
public record ByIdProbe(String method, String path, String body, Integer ownerStatus, String... headers) {

    public Response send(Http http, Map<String, String> owned, String... extraHeaders) {
        List<String> all = new ArrayList<>(List.of(extraHeaders));
        for (String header : headers) {
            all.add(fill(header, owned));
        }
        return http.send(method, fill(path, owned), body == null ? null : "application/json",
                body == null ? null : BodyPublishers.ofString(fill(body, owned)), all.toArray(String[]::new));
    }

    private static String fill(String text, Map<String, String> owned) {
        for (Map.Entry<String, String> entry : owned.entrySet()) {
            text = text.replace("{" + entry.getKey() + "}", entry.getValue());
        }
        return text;
    }

    @Override
    public String toString() {
        return method + " " + path + " " + String.join(" ", headers);
    }
}
