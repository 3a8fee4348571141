package io.traceloom.api.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.embedded.EmbeddedReadModels;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.settings.Role;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.commandhandling.CommandBus;
import org.axonframework.commandhandling.SimpleCommandBus;
import org.axonframework.config.Configurer;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * What {@code traceloom.role} changes. {@code all} changes nothing. {@code api} declares the projections but
 * starts none of their processors. {@code projections} serves the operator endpoints only, and keeps commands
 * to itself. A process that runs one part only must share its MongoDB (read models, tokens, issuer keys, file
 * contents) and its event store with the processes that run the other: it refuses to start on the embedded
 * default's in-process MongoDB or H2 file, which no other process can see.
 */
@Configuration(proxyBeanMethods = false)
public class RoleConfiguration {

    private static final Logger log = LoggerFactory.getLogger(RoleConfiguration.class);

    private final Role role;

    public RoleConfiguration(ApiProperties properties, Environment environment) {
        this.role = properties.role();
        if (role != Role.ALL) {
            List<String> missing = unshared(role, environment);
            if (!missing.isEmpty()) {
                throw new IllegalStateException("traceloom.role=" + role.value() + " runs one part of the service, "
                        + "which shares its data with the processes that run the others; " + String.join("; ", missing)
                        + ". Or leave traceloom.role at 'all' to run everything in one process.");
            }
            log.info("Role '{}': {}", role.value(), role == Role.API
                    ? "the HTTP API; the projections run elsewhere, and writes wait for them through the token store"
                    : "the projections and the operator endpoints; no HTTP API");
        }
    }

    /** What keeps this process's data from being shared, as advice. */
    static List<String> unshared(Role role, Environment environment) {
        List<String> missing = new ArrayList<>();
        if (EmbeddedReadModels.in(environment)) {
            missing.add("set spring.data.mongodb.uri to the MongoDB every process uses (the in-process one is "
                    + "this process's alone)");
        }
        boolean axonServer = environment.getProperty("axon.axonserver.enabled", Boolean.class, false);
        String events = environment.getProperty("spring.datasource.url", "");
        if (!axonServer && (events.isBlank() || events.startsWith("jdbc:h2:"))) {
            missing.add("set spring.datasource.url to the PostgreSQL every process uses, or use Axon Server (profile "
                    + "axonserver), for the events (an H2 file is this process's alone)");
        }
        if (role == Role.API && environment.getProperty("traceloom.credentials.master-key", "").isBlank()) {
            missing.add("set traceloom.credentials.master-key to the same base64 AES-256 key in every api process "
                    + "(issuer keys are shared in MongoDB, encrypted under it; a key generated here would be this "
                    + "process's alone)");
        }
        return missing;
    }

    /**
     * In role {@code api} the projections are declared, so this process knows them by name and can follow their
     * positions, but their processors never start: they claim no segment and write no read model. Registered
     * last, so it is this configuration that counts.
     */
    @Bean
    public ConfigurerModule projectionsStayIdleInTheApiRole() {
        return new ConfigurerModule() {
            @Override
            public void configureModule(Configurer configurer) {
                if (!role.runsProjections()) {
                    configurer.eventProcessing().registerTrackingEventProcessorConfiguration(config ->
                            TrackingEventProcessorConfiguration.forSingleThreadedProcessing().andAutoStart(false));
                }
            }

            @Override
            public int order() {
                return Integer.MAX_VALUE;
            }
        };
    }

    /**
     * In role {@code projections}, commands stay in this process, which is sent none: with Axon Server, the
     * aggregates here would otherwise take their share of the deployment's commands.
     */
    @Bean
    @Primary
    @ConditionalOnProperty(name = "traceloom.role", havingValue = "projections")
    public CommandBus localCommandBus() {
        return SimpleCommandBus.builder().build();
    }

    /** In role {@code projections}, only the operator endpoints answer; every other path is 404. */
    @Bean
    public FilterRegistrationBean<OncePerRequestFilter> noApiInTheProjectionsRole(ObjectMapper json) {
        FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(
                new OncePerRequestFilter() {
                    @Override
                    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
                                                    FilterChain chain) throws ServletException, IOException {
                        String path = request.getRequestURI();
                        if (role.servesApi() || path.equals("/actuator") || path.startsWith("/actuator/")) {
                            chain.doFilter(request, response);
                            return;
                        }
                        ProblemDetail problem = Problems.forStatus(HttpStatus.NOT_FOUND, "This process runs the "
                                + "projections only (traceloom.role=projections); the API is served by the "
                                + "processes of role 'api' or 'all'.");
                        ProblemResponses.refuse(request, response, problem, json);
                    }
                });
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2);
        registration.setEnabled(!role.servesApi());
        return registration;
    }
}
