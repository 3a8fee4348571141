package io.traceloom.kernel.message;

/**
 * How aggregate identifiers are made. They share one space in the event store: an aggregate that is the
 * only one of its kind in a tenant (a tenant's tag catalogue, its credential issuer) is named
 * {@code <kind>:<tenant id>}, one of its kind per name in a tenant {@code <kind>:<tenant id>:<name>}, one of
 * its kind per name in the whole service {@code <kind>::<name>} (the empty tenant part cannot be a tenant's),
 * one whose id a client chooses {@code <kind>:<id>}; every other aggregate is named by its own UUID, which
 * needs no prefix.
 */
public final class AggregateIds {

    private AggregateIds() {
    }

    /** The identifier of the one aggregate of {@code kind} in the tenant, e.g. {@code issuer:<tenant>}. */
    public static String tenantScoped(String kind, String tenantId) {
        requireKind(kind);
        return kind + ":" + tenantId;
    }

    /**
     * The identifier of the one aggregate of {@code kind} per name in the tenant, e.g.
     * {@code idempotency-key:<tenant>:<hash of the key>}; the name must not contain {@code ':'}.
     */
    public static String tenantScoped(String kind, String tenantId, String name) {
        if (name.isEmpty() || name.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an aggregate name is non-empty and without ':'");
        }
        return tenantScoped(kind, tenantId) + ":" + name;
    }

    /**
     * The identifier of the one aggregate of {@code kind} per name across all tenants, e.g. the claim of a GS1
     * Digital Link key that the public resolver answers for: {@code digital-link-key::<hash of the key>}. The
     * name must not contain {@code ':'}.
     */
    public static String serviceWide(String kind, String name) {
        requireKind(kind);
        if (name.isEmpty() || name.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an aggregate name is non-empty and without ':'");
        }
        return kind + "::" + name;
    }

    /**
     * The identifier of an aggregate whose id a client chooses ({@code PUT /schemas/{id}}), e.g.
     * {@code schema:<id>}: prefixed with its kind, so that a client naming the id of an aggregate of another
     * kind addresses nothing of it.
     */
    public static String clientChosen(String kind, String id) {
        requireKind(kind);
        return kind + ":" + id;
    }

    private static void requireKind(String kind) {
        if (kind.isEmpty() || kind.indexOf(':') >= 0) {
            throw new IllegalArgumentException("an aggregate kind is a non-empty word without ':'");
        }
    }
}
