package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One version, the build's: the pom's, the one {@code /actuator/info} reports and the OpenAPI document's
 * {@code info.version} (docs/versioning.md). The spec's "1.0" was the interface description's, not a release's.
 */
class ReleaseVersionTest {

    private final Http http = SharedTraceloom.get().http();

    @Test
    void thePomTheInfoEndpointAndTheApiDocumentGiveOneVersion() throws IOException {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher project = Pattern.compile("<artifactId>traceloom-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertThat(project.find()).as("the parent pom's version").isTrue();
        String version = project.group(1);

        Http.Response info = http.get("/actuator/info");
        assertThat(info.status()).isEqualTo(200);
        assertThat(info.json().at("/build/version").asText()).as("/actuator/info build.version").isEqualTo(version);
        assertThat(info.json().at("/build/name").asText()).isNotEmpty();
        assertThat(http.get("/v3/api-docs").json().at("/info/version").asText()).as("the OpenAPI info.version")
                .isEqualTo(version);
    }

    @Test
    void theLicenceIsTheApacheLicence() throws IOException {
        assertThat(Files.readString(Path.of("..", "LICENSE"))).contains("Apache License", "Version 2.0, January 2004");
        assertThat(Files.readString(Path.of("..", "pom.xml"))).contains("<name>Apache-2.0</name>");
        assertThat(Path.of("target", "classes", "META-INF", "LICENSE")).as("the licence in the api jar's META-INF")
                .hasSameTextualContentAs(Path.of("..", "LICENSE"));
    }
}
