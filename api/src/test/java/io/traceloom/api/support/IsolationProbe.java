package io.traceloom.api.support;

import io.traceloom.api.support.Http.Response;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One line of {@code TenantIsolationTest}: an endpoint, named as its controller maps it ({@code METHOD pattern}),
 * with the request that tries it on the owner's data and what another tenant gets. {@code {name}} stands for the
 * owner's values, {@code {mine.name}} for the trying tenant's own, {@code {new}} for a fresh UUID, {@code {gtin}}
 * for a fresh GTIN.
 */
public record IsolationProbe(String mapping, Expectation expectation, String path, String body, int status,
                             boolean upload, String... headers) {

    /** What another tenant gets, and what it shows. */
    public enum Expectation {
        /** The owner's id does not exist for the other tenant: 404. */
        NOT_FOUND,
        /** A body naming the owner's data is refused (400, or 409 for what is unique service-wide). */
        REFUSED,
        /** It succeeds, as the trying tenant's own: the owner's data is untouched. */
        CREATES,
        /** It answers 200 with none of the owner's ids. */
        LISTS,
        /** Anyone, without a token: neither 401 nor 403. */
        PUBLIC,
        /** Operators only: a tenant's token is 403. */
        OPERATORS
    }

    public String method() {
        return mapping.substring(0, mapping.indexOf(' '));
    }

    public Response send(Http http, Map<String, String> owner, Map<String, String> mine) {
        String target = fill(path, owner, mine);
        if (upload) {
            Multipart file = Multipart.file("theirs.png", "image/png", Samples.PNG);
            return http.send(method(), target, file.contentType(), BodyPublishers.ofByteArray(file.bytes()), headers);
        }
        String[] filled = java.util.Arrays.stream(headers).map(header -> fill(header, owner, mine))
                .toArray(String[]::new);
        return http.send(method(), target, body == null ? null : "application/json",
                body == null ? null : BodyPublishers.ofString(fill(body, owner, mine)), filled);
    }

    @Override
    public String toString() {
        return mapping + " (" + expectation.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")";
    }

    public static IsolationProbe notFound(String mapping, String path) {
        return new IsolationProbe(mapping, Expectation.NOT_FOUND, path, null, 404, false);
    }

    public static IsolationProbe notFound(String mapping, String path, String body) {
        return new IsolationProbe(mapping, Expectation.NOT_FOUND, path, body, 404, false);
    }

    public static IsolationProbe refused(String mapping, String path, String body) {
        return new IsolationProbe(mapping, Expectation.REFUSED, path, body, 400, false);
    }

    public static IsolationProbe refused(String mapping, String path, int status, String body) {
        return new IsolationProbe(mapping, Expectation.REFUSED, path, body, status, false);
    }

    public static IsolationProbe creates(String mapping, String path, String body) {
        return new IsolationProbe(mapping, Expectation.CREATES, path, body, 0, false);
    }

    public static IsolationProbe uploads(String mapping, String path) {
        return new IsolationProbe(mapping, Expectation.CREATES, path, null, 0, true);
    }

    public static IsolationProbe lists(String mapping, String path) {
        return new IsolationProbe(mapping, Expectation.LISTS, path, null, 200, false);
    }

    public static IsolationProbe publicly(String mapping, String path, String... headers) {
        return new IsolationProbe(mapping, Expectation.PUBLIC, path, null, 0, false, headers);
    }

    public static IsolationProbe operators(String mapping, String path) {
        return new IsolationProbe(mapping, Expectation.OPERATORS, path, null, 403, false);
    }

    public static IsolationProbe operators(String mapping, String path, String body) {
        return new IsolationProbe(mapping, Expectation.OPERATORS, path, body, 403, false);
    }

    /** The text with the owner's values, the trying tenant's ({@code {mine.name}}), fresh UUIDs and GTINs. */
    public static String fill(String text, Map<String, String> owner, Map<String, String> mine) {
        String filled = text;
        List<String> keys = new ArrayList<>(owner.keySet());
        keys.sort((x, y) -> y.length() - x.length());
        for (String key : keys) {
            if (mine.containsKey(key)) {
                filled = filled.replace("{mine." + key + "}", mine.get(key));
            }
            filled = filled.replace("{" + key + "}", owner.get(key));
        }
        while (filled.contains("{new}")) {
            filled = filled.replaceFirst("\\{new}", UUID.randomUUID().toString());
        }
        while (filled.contains("{gtin}")) {
            filled = filled.replaceFirst("\\{gtin}", Gs1Keys.gtin());
        }
        return filled;
    }

    /** The response of a request that creates, which must be 201: its JSON. */
    public static com.fasterxml.jackson.databind.JsonNode created(Response response) {
        org.assertj.core.api.Assertions.assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json();
    }
}
