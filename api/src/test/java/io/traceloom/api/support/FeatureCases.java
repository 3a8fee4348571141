package io.traceloom.api.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one feature brings to the shared suites, stated in a class of its own in the feature's test package
 * ({@code tradeitem.TradeItemCases}) and listed once in {@link Features}: its hostile inputs, its probes of tenant
 * isolation, the resources those probes need, and what its lists show. A suite runs every feature's cases; a
 * feature states only what it has (every method has an empty default).
 */
public interface FeatureCases {

    /** The feature's package name, the same in the four modules (ArchitectureTest's features come from these). */
    String feature();

    /**
     * The hostile-input corpus ({@code HostileInputCorpusTest}): the feature's requests, each with the 4xx it must
     * get, including the generic families of {@link HostileFamilies} for its paths (malformed bodies, path tricks,
     * paging abuse, wrong methods, and for every resource read by id its {@code asOf} and history).
     */
    default List<HostileRequest> hostileInputs() {
        return List.of();
    }

    /**
     * {@code TenantIsolationTest} (the {@code oidc} mode, two tenants): one line per endpoint the feature maps, with
     * what another tenant gets when it tries it on the owner's data. {@code {name}} stands for the owner's values
     * ({@link #ownForIsolation}), {@code {mine.name}} for the trying tenant's own.
     */
    default List<IsolationProbe> isolationProbes() {
        return List.of();
    }

    /**
     * The feature's resources of one tenant for {@code TenantIsolationTest}, made through the API by the tenant's
     * user: their ids and values, put in {@code owned} under the names the probes use. Features make theirs in the
     * order of {@link Features#ALL}, so a feature may use what one listed before it made.
     */
    default void ownForIsolation(Http http, Map<String, String> owned) {
    }

    /** The names of the values of {@link #ownForIsolation} that are the owner's ids: another tenant sees none. */
    default Set<String> ownedIds() {
        return Set.of();
    }

    /** Reads of one owned resource ({@code {name}} filled) that no list shows: they must not change either. */
    default List<String> ownedReads() {
        return List.of();
    }

    /**
     * {@code TenantBeforeAnythingTest}: every request that addresses one of the feature's resources by id (its
     * history and {@code ?asOf={now}} included), which another tenant gets 404 for before any other check.
     */
    default List<ByIdProbe> byIdProbes() {
        return List.of();
    }

    /** The owner's resources for {@link #byIdProbes()}: ids and entity tags under the names the probes use. */
    default void ownForProbes(Http http, Map<String, String> owned) {
    }

    /** What {@link Fixtures#everything} shows of the feature: its lists, under a name of their own. */
    default void listed(Http http, ObjectNode all) {
    }
}
