package io.traceloom.api.embedded;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the read models live in a MongoDB inside this process: when no MongoDB is configured
 * ({@code spring.data.mongodb.uri} or {@code .host}). One rule for the configuration that starts it
 * ({@link EmbeddedMongoConfiguration}), what a start prepares for it early ({@link EmbeddedDefaults}), who claims
 * the projections' tokens ({@code AxonConfiguration}) and whether a role may run apart ({@code RoleConfiguration}).
 */
public final class EmbeddedReadModels implements Condition {

    /** Whether the read models of a process with this environment are embedded. */
    public static boolean in(Environment environment) {
        return environment.getProperty("spring.data.mongodb.uri", "").isEmpty()
                && environment.getProperty("spring.data.mongodb.host", "").isEmpty();
    }

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return in(context.getEnvironment());
    }
}
