package io.traceloom.api.settings;

/**
 * What a process of the service runs ({@code traceloom.role}). One process may run everything, or the API
 * and the projections may run apart, each scaled on its own: API processes take the HTTP traffic, commands
 * and queries; projections processes fold the events into the read models, sharing each projection's
 * segments through their claims in the token store.
 */
public enum Role {

    /** The HTTP API and the projections in one process: the embedded default. */
    ALL,

    /**
     * The HTTP API, commands and queries. Declares the projections (so it knows their names) but starts none:
     * read-your-writes and readiness follow their positions in the token store.
     */
    API,

    /** The projections and the operator endpoints ({@code /actuator}); no HTTP API. */
    PROJECTIONS;

    /** Whether this process serves the HTTP API. */
    public boolean servesApi() {
        return this != PROJECTIONS;
    }

    /** Whether this process runs the projections' event processors. */
    public boolean runsProjections() {
        return this != API;
    }

    /** The value as configured ({@code all}, {@code api}, {@code projections}). */
    public String value() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
