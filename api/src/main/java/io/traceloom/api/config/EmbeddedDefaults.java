package io.traceloom.api.config;

import io.traceloom.command.config.CommandSideProperties;
import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With no database configured, events go to an H2 file under the data directory. The path is made
 * absolute here because H2 refuses paths that are implicitly relative to the working directory.
 * {@code WRITE_DELAY=0}: an answered write is on disk, not in a buffer H2 would flush half a second later.
 */
public class EmbeddedDefaults implements EnvironmentPostProcessor, Ordered {

    static final String DATASOURCE_URL = "spring.datasource.url";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.containsProperty(DATASOURCE_URL)) {
            return;
        }
        Path dataDir = Binder.get(environment).bindOrCreate("traceloom", CommandSideProperties.class).dataDir();
        Path events = dataDir.toAbsolutePath().normalize().resolve("events").resolve("traceloom");
        environment.getPropertySources().addLast(new MapPropertySource("traceloomEmbeddedDefaults", Map.of(
                DATASOURCE_URL, "jdbc:h2:file:" + events + ";WRITE_DELAY=0",
                "spring.datasource.username", "sa")));
    }

    @Override
    public int getOrder() {
        // after the config files and the command line have been read
        return Ordered.LOWEST_PRECEDENCE;
    }
}
