package io.traceloom.api.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml is safe to run and needs nothing but Docker: read as Compose itself reads it
 * ({@code docker compose config}, or Debian's {@code docker-compose config}; reported skipped where neither is
 * installed), MongoDB and Axon Server publish no port and the API only on loopback, every service restarts and
 * has a health check, one service builds the one image both roles run, and the master key has one name. No
 * Docker engine runs here, so the containers themselves are not started: their settings follow the images'
 * documentation (docs/operations.md).
 */
class ComposeFileTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Map<String, String> SECRETS = Map.of(
            "TRACELOOM_CREDENTIALS_MASTER_KEY", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
            "MONGO_INITDB_ROOT_PASSWORD", "root-secret",
            "TRACELOOM_MONGO_PASSWORD", "service-secret");
    private static final String MASTER_KEY = "TRACELOOM_CREDENTIALS_MASTER_KEY";

    @Test
    @SuppressWarnings("unchecked")
    void composeReadsASafeSelfContainedFile() throws Exception {
        Result config = compose(SECRETS, "config");
        assertThat(config.exit()).as(config.output()).isZero();
        Map<String, Object> services = (Map<String, Object>) new Yaml().<Map<String, Object>>load(config.output())
                .get("services");
        assertThat(services).containsKeys("api", "projections", "mongo", "axonserver");

        for (String backend : List.of("mongo", "axonserver")) {
            assertThat(service(services, backend).get("ports")).as("%s publishes no port", backend).isNull();
        }
        services.forEach((name, definition) -> {
            Map<String, Object> service = (Map<String, Object>) definition;
            for (Object port : (List<Object>) service.getOrDefault("ports", List.of())) {
                assertThat(hostAddress(port)).as("%s publishes %s on loopback only", name, port)
                        .isIn("127.0.0.1", "::1", "[::1]");
            }
            assertThat(service.get("restart")).as("%s's restart policy", name).isIn("unless-stopped", "always");
            Map<String, Object> health = (Map<String, Object>) service.get("healthcheck");
            assertThat(health).as("%s's health check", name).isNotNull();
            assertThat(health.get("disable")).isNotEqualTo(true);
            assertThat(String.valueOf(health.get("test"))).isNotBlank().doesNotContain("NONE");
        });

        assertThat(String.valueOf(service(services, "mongo").get("healthcheck")))
                .as("MongoDB is ready when a primary is elected").contains("isWritablePrimary");
        assertThat(String.valueOf(service(services, "axonserver").get("healthcheck"))).contains("/actuator/health");
        assertThat(String.valueOf(service(services, "mongo").get("command"))).contains("--keyFile", "--replSet");
        assertThat((Map<String, Object>) service(services, "mongo").get("environment"))
                .containsKeys("MONGO_INITDB_ROOT_USERNAME", "MONGO_INITDB_ROOT_PASSWORD");

        List<String> building = services.entrySet().stream()
                .filter(entry -> ((Map<String, Object>) entry.getValue()).containsKey("build")).map(Map.Entry::getKey)
                .toList();
        assertThat(building).as("services that build an image").containsExactly("api");
        for (String role : List.of("api", "projections")) {
            Map<String, Object> service = service(services, role);
            assertThat(String.valueOf(service.get("healthcheck"))).contains("/actuator/health/readiness");
            assertThat(service.get("image")).as("%s runs the one image", role)
                    .isEqualTo(service(services, "api").get("image"));
            Map<String, Object> environment = (Map<String, Object>) service.get("environment");
            assertThat(environment).containsEntry(MASTER_KEY, SECRETS.get(MASTER_KEY))
                    .containsEntry("TRACELOOM_ROLE", role);
            assertThat(String.valueOf(environment.get("SPRING_DATA_MONGODB_URI")))
                    .contains("traceloom:service-secret@");
        }
        assertThat(service(services, "projections").get("pull_policy")).as("the built image is never pulled")
                .isEqualTo("never");
    }

    @Test
    void composeRefusesToStartWithoutTheMasterKey() throws Exception {
        Map<String, String> withoutKey = new java.util.HashMap<>(SECRETS);
        withoutKey.remove(MASTER_KEY);

        Result config = compose(withoutKey, "config");

        assertThat(config.exit()).isNotZero();
        assertThat(config.output()).contains(MASTER_KEY);
    }

    /** The image is built from the sources in a build stage, and runs as a user of its own. */
    @Test
    void theImageIsBuiltFromTheSourcesAndRunsAsAUserOfItsOwn() throws IOException {
        String dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
        assertThat(dockerfile).containsPattern("FROM eclipse-temurin:17-jdk AS build")
                .contains("--mount=type=cache,target=/root/.m2", "./mvnw")
                .containsPattern("FROM eclipse-temurin:17-jre\\n")
                .contains("USER traceloom", "-XX:+ExitOnOutOfMemoryError");
        String launcher = Files.readString(ROOT.resolve("bin").resolve("traceloom"));
        Matcher memory = Pattern.compile("\nMEMORY=\"([^\"]+)\"").matcher(launcher);
        assertThat(memory.find()).as("bin/traceloom names the JVM's memory options").isTrue();
        assertThat(dockerfile).as("the image's JVM is bounded as bin/traceloom's is")
                .contains("JDK_JAVA_OPTIONS=\"" + memory.group(1) + "\"");
        Matcher arenas = Pattern.compile("\nMALLOC_ARENA_MAX=\\$\\{MALLOC_ARENA_MAX:-(\\d+)}").matcher(launcher);
        assertThat(arenas.find()).as("bin/traceloom names the C library's malloc arenas").isTrue();
        assertThat(dockerfile).as("the image's malloc arenas are bin/traceloom's")
                .contains("MALLOC_ARENA_MAX=" + arenas.group(1) + " ");
        List<String> ignored = Files.readAllLines(ROOT.resolve(".dockerignore")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        assertThat(ignored).as("the build context leaves out what is built, kept or secret")
                .contains(".git", "**/target", "data", "**/node_modules", "scratch", "**/*.key");
    }

    /** One name per setting: the one the Spring property maps to, everywhere it is written down. */
    @Test
    void theMasterKeyHasOneName() throws IOException {
        List<Path> written = new ArrayList<>(List.of(ROOT.resolve("docker-compose.yml"), ROOT.resolve("README.md"),
                ROOT.resolve("CONTRIBUTING.md")));
        try (var docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).forEach(written::add);
        }
        for (Path file : written) {
            assertThat(Files.readString(file)).as(file.toString()).doesNotContain("TRACELOOM_MASTER_KEY");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> service(Map<String, Object> services, String name) {
        return (Map<String, Object>) services.get(name);
    }

    /** The host address of a published port, in the short syntax ("127.0.0.1:8080:8080") or the long one. */
    @SuppressWarnings("unchecked")
    private static String hostAddress(Object port) {
        if (port instanceof Map<?, ?> longSyntax) {
            Object hostIp = ((Map<String, Object>) longSyntax).get("host_ip");
            return hostIp == null ? "0.0.0.0" : hostIp.toString();
        }
        String[] parts = port.toString().split(":");
        return parts.length >= 3 ? String.join(":", List.of(parts).subList(0, parts.length - 2)) : "0.0.0.0";
    }

    private record Result(int exit, String output) {
    }

    /** {@code docker compose} (Docker's plugin), else {@code docker-compose}; the test is skipped without either. */
    private static Result compose(Map<String, String> environment, String... arguments) throws Exception {
        List<String> cli = null;
        for (List<String> candidate : List.of(List.of("docker", "compose"), List.of("docker-compose"))) {
            List<String> version = new ArrayList<>(candidate);
            version.add("version");
            if (run(version, Map.of()).exit() == 0) {
                cli = candidate;
                break;
            }
        }
        assumeTrue(cli != null, "neither `docker compose` nor `docker-compose` is installed: docker-compose.yml is "
                + "not read by Compose here (Debian: apt-get install docker-compose)");
        List<String> command = new ArrayList<>(cli);
        // only the variables given here: not those of a developer's .env file
        Path noEnvFile = Files.createTempFile("compose", ".env");
        noEnvFile.toFile().deleteOnExit();
        command.addAll(List.of("--env-file", noEnvFile.toString(),
                "-f", ROOT.resolve("docker-compose.yml").toString()));
        command.addAll(List.of(arguments));
        return run(command, environment);
    }

    private static Result run(List<String> command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        SECRETS.keySet().forEach(builder.environment()::remove);
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException notInstalled) {
            return new Result(-1, notInstalled.getMessage());
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Result(-1, "timed out: " + command.stream().collect(Collectors.joining(" ")));
        }
        return new Result(process.exitValue(), output);
    }
}
