package io.traceloom.api.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A GS1 Digital Link URI is compared after its percent-encoding is normalised (RFC 3986 6.2.2: an unreserved
 * character and its percent-encoding are the same URI; hexadecimal digits in either case are too), as GS1
 * Digital Link 1.2 asks of resolvers. So every way of writing the same link gets the same answer as the plain
 * one, whatever it asks for: the redirect, a link type, the linkset and its anchors, the {@code Link} to it,
 * the CORS headers, {@code HEAD} and {@code OPTIONS}.
 */
class PercentEncodedLinksTest {

    private static Http http;
    private static String gtin;

    @BeforeAll
    static void linkSet() {
        http = SharedTraceloom.get().http();
        gtin = Gs1Keys.gtin();
        Response created = http.put("/link-sets/" + UUID.randomUUID(), "{\"identifier\":\"01/" + gtin + "\","
                + "\"qualifier\":\"10/LOT-1\",\"links\":["
                + "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/en\",\"title\":\"Page\",\"lang\":[\"en\"]},"
                + "{\"relationType\":\"gs1:pip\",\"href\":\"https://example.com/de\",\"title\":\"Seite\",\"lang\":[\"de\"]}]}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    /** The plain path, and ways of writing it with its unreserved characters percent-encoded. */
    static Stream<Function<String, String>> spellings() {
        return Stream.of(
                key -> "/01/%3" + key.charAt(0) + "%3" + key.charAt(1) + key.substring(2) + "/10/LOT-1",
                key -> "/01/" + key + "/10/%4C%4F%54%2D%31",
                key -> "/01/" + key + "/10/%4c%4f%54%2d%31",
                key -> "/%30%31/" + key + "/%31%30/LOT-1",
                key -> "/%30%31/%3" + key.charAt(0) + key.substring(1) + "/%31%30/LO%54-1");
    }

    private static String plain() {
        return "/01/" + gtin + "/10/LOT-1";
    }

    @ParameterizedTest
    @MethodSource("spellings")
    void anEncodedUnreservedCharacterResolvesAsItself(Function<String, String> spelling) {
        String encoded = spelling.apply(gtin);
        for (String query : List.of("", "?linkType=gs1:pip", "?linkType=linkset", "?src=qr")) {
            assertSameAnswer(http.get(plain() + query, "Accept-Language", "de"),
                    http.get(encoded + query, "Accept-Language", "de"), encoded + query);
        }
        assertSameAnswer(http.get(plain(), "Accept", "application/linkset+json"),
                http.get(encoded, "Accept", "application/linkset+json"), encoded + " as a linkset");
        assertSameAnswer(http.send("HEAD", plain(), null, null), http.send("HEAD", encoded, null, null),
                "HEAD " + encoded);
        assertSameAnswer(http.send("OPTIONS", plain(), null, null, "Origin", "https://app.example",
                        "Access-Control-Request-Method", "GET"),
                http.send("OPTIONS", encoded, null, null, "Origin", "https://app.example",
                        "Access-Control-Request-Method", "GET"), "OPTIONS " + encoded);
    }

    private static void assertSameAnswer(Response plain, Response encoded, String what) {
        assertThat(plain.status()).as(plain.body()).isIn(200, 204, 307);
        assertThat(encoded.status()).as(what + ": " + encoded.body()).isEqualTo(plain.status());
        for (String header : List.of("Location", "Link", "Access-Control-Allow-Origin", "Content-Type", "Vary")) {
            assertThat(encoded.header(header)).as(what + ": " + header).isEqualTo(plain.header(header));
        }
        assertThat(plain.header("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(encoded.body()).as(what).isEqualTo(plain.body());
    }
}
