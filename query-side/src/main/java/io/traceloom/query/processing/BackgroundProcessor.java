package io.traceloom.query.processing;

/**
 * An event processor that keeps no read model a client reads after its write (a feature's follower of the store,
 * like the audit log's appender): no write waits for it, nor does readiness, and it is not among the projections
 * operators replay. Declared as a bean by the feature that registers the processor, under its processing group's
 * name; it runs where the projections run, with their settings.
 */
public record BackgroundProcessor(String name) {
}
