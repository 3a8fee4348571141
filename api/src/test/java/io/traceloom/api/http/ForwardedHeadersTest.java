package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Gs1Keys;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.util.FileSystemUtils;

/**
 * Where the client reached the service (scheme, host, port) is named in every absolute URL the service answers
 * with: a resolver's {@code Link}, its linkset's anchors and {@code resolverRoot}, a list's {@code Link}, a
 * create's {@code Location}. A proxy in front tells it in {@code X-Forwarded-Proto}, {@code -Host} and
 * {@code -Port}; those are believed only from the proxies configured as trusted (none by default), since
 * anyone else could make the answers (and whatever caches them) point elsewhere. Even a trusted proxy gets only
 * {@code http} or {@code https}, and a valid host.
 */
class ForwardedHeadersTest {

    private static final String LINK_SET = "{\"identifier\":\"01/%s\",\"links\":[{\"relationType\":\"gs1:pip\","
            + "\"href\":\"https://example.com/p\",\"title\":\"P\"}]}";

    /** What the answers name as where the client reached the service, asked with these headers. */
    private record Named(String resolverRoot, String anchor, String resolverLink, String listLink, String location) {

        static Named by(Http http, String gtin, String... headers) {
            String dl = "/01/" + gtin;
            Response created = http.post("/trade-item-tags", "{\"code\":\"" + java.util.UUID.randomUUID()
                    + "\",\"name\":\"Forwarded\"}", headers);
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            return new Named(
                    http.get("/.well-known/gs1resolver", headers).json().get("resolverRoot").asText(),
                    http.get(dl + "?linkType=linkset", headers).json().at("/linkset/0/anchor").asText(),
                    http.get(dl, headers).header("Link"),
                    http.get("/trade-item-tags?limit=1", headers).header("Link"),
                    created.header("Location"));
        }

        void allAt(String origin, String gtin) {
            assertThat(resolverRoot).isEqualTo(origin);
            assertThat(anchor).isEqualTo(origin + "/01/" + gtin);
            assertThat(resolverLink).startsWith("<" + origin + "/01/" + gtin + "?linkType=linkset>");
            assertThat(listLink).startsWith("<" + origin + "/trade-item-tags?");
            assertThat(location).startsWith(origin + "/trade-item-tags/");
        }
    }

    private static String linkSet(Http http) {
        String gtin = Gs1Keys.gtin();
        Response put = http.put("/link-sets/" + gtin, LINK_SET.formatted(gtin));
        assertThat(put.status()).as(put.body()).isEqualTo(201);
        return gtin;
    }

    /** By default no proxy is trusted: the headers of any client change nothing. */
    @Test
    void byDefaultNoClientsForwardedHeadersAreBelieved() {
        Http http = SharedTraceloom.get().http();
        String gtin = linkSet(http);
        String origin = http.baseUrl();

        Named.by(http, gtin, "X-Forwarded-Proto", "gopher", "X-Forwarded-Host", "evil.example").allAt(origin, gtin);
        Named.by(http, gtin, "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example", "X-Forwarded-Port",
                "443").allAt(origin, gtin);
        Named.by(http, gtin, "Forwarded", "proto=gopher;host=evil.example").allAt(origin, gtin);
    }

    /** The service behind a proxy it trusts: the proxy on the loopback address, as the tests' client is. */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class BehindATrustedProxy {

        private Path dataDir;
        private RunningTraceloom traceloom;
        private Http http;
        private String gtin;

        @BeforeAll
        void start() throws IOException {
            dataDir = Files.createTempDirectory("traceloom-forwarded");
            traceloom = RunningTraceloom.start(dataDir, "--server.tomcat.remoteip.internal-proxies=127\\.0\\.0\\.1");
            http = traceloom.http();
            gtin = linkSet(http);
        }

        @AfterAll
        void stop() {
            traceloom.close();
            FileSystemUtils.deleteRecursively(dataDir.toFile());
        }

        @Test
        void everyAbsoluteUrlNamesWhereTheProxyWasReached() {
            Named.by(http, gtin, "X-Forwarded-Proto", "https", "X-Forwarded-Host", "id.example.com",
                    "X-Forwarded-Port", "8443").allAt("https://id.example.com:8443", gtin);
            Named.by(http, gtin, "X-Forwarded-Proto", "https", "X-Forwarded-Host", "id.example.com")
                    .allAt("https://id.example.com", gtin);
        }

        @Test
        void onlyHttpOrHttpsAndAValidHostAreTaken() {
            Named.by(http, gtin, "X-Forwarded-Proto", "gopher", "X-Forwarded-Host", "id.example.com")
                    .allAt("http://id.example.com", gtin);
            Named.by(http, gtin, "X-Forwarded-Host", "evil.example/path?x=1").allAt(http.baseUrl(), gtin);
            Named.by(http, gtin, "X-Forwarded-Host", "evil example").allAt(http.baseUrl(), gtin);
        }
    }
}
