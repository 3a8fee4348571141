package io.traceloom.api.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.SharedTraceloom;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.util.FileSystemUtils;

/**
 * Swagger UI as a person sees it: a headless Chromium loads {@code /swagger-ui} and renders the operations
 * from the API document. Every host but the service is unresolvable for that browser, so the page renders
 * only because all it needs comes from the service itself. Skipped where Chromium is not installed.
 */
class SwaggerUiTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Pattern RESOURCE = Pattern.compile("(?:src|href)=\"([^\"#][^\"]*)\"");

    private final Http http = SharedTraceloom.get().http();

    @Test
    void swaggerUiAtItsPathRedirectsToThePage() {
        Http.Response response = http.get("/swagger-ui");

        assertThat(response.status()).isEqualTo(302);
        assertThat(response.header("Location")).endsWith("/swagger-ui/index.html");
        assertThat(http.get("/swagger-ui/index.html").status()).isEqualTo(200);
    }

    @Test
    void chromiumRendersEveryOperation() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "Swagger UI is not checked in a browser: no " + CHROMIUM
                + " (Debian: apt-get install chromium)");

        String dom = render(http.baseUrl() + "/swagger-ui");

        assertThat(dom).contains("Traceloom");
        List<String> paths = Pattern.compile("class=\"opblock-summary-path\" data-path=\"([^\"]+)\"").matcher(dom)
                .results().map(match -> match.group(1)).toList();
        assertThat(paths).as("the operations Swagger UI lists")
                .contains("/trade-items", "/trade-items/{id}", "/trade-item-tags", "/trade-item-tags/{id}",
                        "/credentials/issue");
        assertThat(paths.stream().filter("/trade-items"::equals)).as("GET and POST /trade-items").hasSize(2);
        Matcher resources = RESOURCE.matcher(dom);
        List<String> external = resources.results().map(match -> match.group(1))
                .filter(url -> url.matches("(?i)^(https?:)?//.*") && !url.startsWith(http.baseUrl()))
                .collect(Collectors.toList());
        assertThat(external).as("resources the page loads from elsewhere").isEmpty();
    }

    /** The page's DOM once its scripts have run (virtual time: no waiting on the wall clock). */
    private static String render(String url) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("traceloom-chromium");
        try {
            Path dom = profile.resolve("dom.html");
            Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--user-data-dir=" + profile.resolve("profile"),
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                    "--virtual-time-budget=15000", "--dump-dom", url)
                    .redirectOutput(dom.toFile())
                    .redirectError(profile.resolve("stderr.txt").toFile())
                    .start();
            if (!chromium.waitFor(120, TimeUnit.SECONDS)) { // an anti-hang guard, not a timing assertion
                chromium.destroyForcibly();
                throw new AssertionError("Chromium did not finish rendering " + url);
            }
            assertThat(chromium.exitValue()).as(Files.readString(profile.resolve("stderr.txt"))).isZero();
            return Files.readString(dom, StandardCharsets.UTF_8);
        } finally {
            FileSystemUtils.deleteRecursively(profile);
        }
    }
}
