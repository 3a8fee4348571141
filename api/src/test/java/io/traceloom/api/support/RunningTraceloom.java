package io.traceloom.api.support;

import io.traceloom.api.TraceloomApplication;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The real application, started as {@code java -jar} would start it, on a random port of 127.0.0.1 with a
 * data directory of its own. Tests speak HTTP to it through {@link #http()}.
 */
public final class RunningTraceloom implements AutoCloseable {

    private static final Duration READY_WITHIN = Duration.ofSeconds(60);

    private final ConfigurableApplicationContext context;
    private final Http http;
    private final Path dataDir;

    private RunningTraceloom(ConfigurableApplicationContext context, Path dataDir) {
        this.context = context;
        this.dataDir = dataDir;
        String port = context.getEnvironment().getProperty("local.server.port");
        this.http = new Http("http://127.0.0.1:" + port);
    }

    /** Starts on {@code dataDir} with extra {@code --key=value} arguments and waits until it is ready. */
    public static RunningTraceloom start(Path dataDir, String... arguments) {
        return start(dataDir, List.of(), arguments);
    }

    /**
     * Starts with test-only configuration classes besides the application's own (plain classes with
     * {@code @Bean} methods, so that no other test's application scans them), e.g. {@link OtherTenants}.
     */
    public static RunningTraceloom start(Path dataDir, List<Class<?>> testSources, String... arguments) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--traceloom.data-dir=" + dataDir));
        args.addAll(List.of(arguments));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(TraceloomApplication.class)
                .sources(testSources.toArray(Class<?>[]::new))
                .run(args.toArray(String[]::new));
        RunningTraceloom running = new RunningTraceloom(context, dataDir);
        running.awaitReady();
        return running;
    }

    public Http http() {
        return http;
    }

    /** Where it keeps its events and, on the embedded default, the bytes of files ({@code files/}). */
    public Path dataDir() {
        return dataDir;
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    /** For types with several beans, such as the request mapping of the API beside the actuator's. */
    public <T> T bean(String name, Class<T> type) {
        return context.getBean(name, type);
    }

    /** Readiness is down until every projection has caught up with the store. */
    private void awaitReady() {
        Waits.until200(http, "/actuator/health/readiness", READY_WITHIN, context::isActive,
                () -> "Traceloom on " + http.baseUrl());
    }

    @Override
    public void close() {
        context.close();
    }
}
