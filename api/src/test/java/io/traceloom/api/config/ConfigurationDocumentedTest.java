package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every {@code traceloom.*} option, as the modules declare them (Spring's configuration metadata, generated
 * from their properties records), has its row in the configuration table of docs/configuration.md.
 */
class ConfigurationDocumentedTest {

    @Test
    void everyOptionIsInTheConfigurationTable() throws IOException {
        Set<String> options = new TreeSet<>();
        for (URL metadata : Collections.list(getClass().getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json"))) {
            try (InputStream in = metadata.openStream()) {
                for (JsonNode property : new ObjectMapper().readTree(in).path("properties")) {
                    String name = property.path("name").asText();
                    if (name.startsWith("traceloom.")) {
                        options.add(name);
                    }
                }
            }
        }
        assertThat(options).as("options declared by the modules").contains("traceloom.data-dir",
                "traceloom.projections.batch-size", "traceloom.http.max-body-size");

        String table = Files.readString(Path.of("..", "docs", "configuration.md"));
        Set<String> undocumented = new TreeSet<>();
        for (String option : options) {
            if (!table.contains("| `" + option + "`")) {
                undocumented.add(option);
            }
        }
        assertThat(undocumented).as("options without a row `| `name` | default | meaning |` in docs/configuration.md")
                .isEmpty();
    }
}
