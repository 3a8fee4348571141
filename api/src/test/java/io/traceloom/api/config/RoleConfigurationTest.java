package io.traceloom.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.api.TraceloomApplication;
import io.traceloom.api.settings.Role;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.mock.env.MockEnvironment;

/**
 * A process that runs one part of the service shares its data with the others: on the embedded default's
 * in-process MongoDB and H2 file nothing would be shared, so it refuses to start, saying what to set.
 */
class RoleConfigurationTest {

    @TempDir
    Path dataDir;

    @Test
    void anApiProcessOnTheEmbeddedDefaultRefusesToStartSayingWhatToSet() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(TraceloomApplication.class)
                .run("--server.port=0", "--traceloom.data-dir=" + dataDir, "--traceloom.role=api").close())
                .rootCause()
                .hasMessageContaining("traceloom.role=api")
                .hasMessageContaining("spring.data.mongodb.uri")
                .hasMessageContaining("spring.datasource.url")
                .hasMessageContaining("traceloom.credentials.master-key");
    }

    @Test
    void whatEachRoleNeedsShared() {
        MockEnvironment embedded = new MockEnvironment();
        assertThat(RoleConfiguration.unshared(Role.PROJECTIONS, embedded)).hasSize(2);

        MockEnvironment shared = new MockEnvironment()
                .withProperty("spring.data.mongodb.uri", "mongodb://mongo:27017/traceloom")
                .withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/traceloom");
        assertThat(RoleConfiguration.unshared(Role.PROJECTIONS, shared)).isEmpty();
        assertThat(RoleConfiguration.unshared(Role.API, shared)).singleElement().asString()
                .contains("master-key");
        shared.setProperty("traceloom.credentials.master-key", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");
        assertThat(RoleConfiguration.unshared(Role.API, shared)).isEmpty();

        MockEnvironment axonServer = new MockEnvironment()
                .withProperty("spring.data.mongodb.uri", "mongodb://mongo:27017/traceloom")
                .withProperty("axon.axonserver.enabled", "true");
        assertThat(RoleConfiguration.unshared(Role.PROJECTIONS, axonServer)).as("events in Axon Server").isEmpty();
        shared.setProperty("spring.datasource.url", "jdbc:h2:/tmp/events");
        assertThat(RoleConfiguration.unshared(Role.PROJECTIONS, shared)).singleElement().asString()
                .contains("H2");
    }
}
