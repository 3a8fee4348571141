package io.traceloom.query.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What one kind of resource is made of in the event store, declared by the feature that projects it: which
 * aggregate holds a resource's events, which of that aggregate's events are the resource's own, and which other
 * resources its read model embeds. {@link Histories} reads a resource's history from this, and rebuilds the
 * resource as of any point in time by running its projection's own handlers over those events.
 *
 * <p>The defaults fit a resource that is an aggregate of its own, named by the resource's id, whose document is
 * keyed by that id. Declare it as a bean, e.g.
 * <pre>{@code
 * ResourceHistory.of("trade-items", TradeItemProjection.class, TradeItemDocument.class)
 *         .embedding("trade-item-tags", item -> item.tagIds())
 * }</pre>
 *
 * @param <D> the read model's document type
 */
public final class ResourceHistory<D> {

    private final String resource;
    private final Class<?> projection;
    private final Class<D> document;
    private final BiFunction<String, String, String> aggregateId;
    private final BiFunction<String, String, String> documentId;
    private final Map<Class<?>, Function<Object, String>> about;
    private final Map<String, Function<D, Collection<String>>> embedded;

    private ResourceHistory(String resource, Class<?> projection, Class<D> document,
                            BiFunction<String, String, String> aggregateId, BiFunction<String, String, String> documentId,
                            Map<Class<?>, Function<Object, String>> about,
                            Map<String, Function<D, Collection<String>>> embedded) {
        this.resource = resource;
        this.projection = projection;
        this.document = document;
        this.aggregateId = aggregateId;
        this.documentId = documentId;
        this.about = about;
        this.embedded = embedded;
    }

    /**
     * @param resource   the kind of resource, as its collection is named in the API ({@code trade-items})
     * @param projection the projection whose event handlers fold its events into {@code document}s
     */
    public static <D> ResourceHistory<D> of(String resource, Class<?> projection, Class<D> document) {
        return new ResourceHistory<>(Objects.requireNonNull(resource), projection, document, (tenantId, id) -> id,
                (tenantId, id) -> id, Map.of(), Map.of());
    }

    /**
     * The aggregate that holds the resource's events, from the tenant and the resource's id (the id is
     * {@code null} for a resource that is the only one of its kind in the tenant, asked for without its id). An
     * id that cannot name one ({@link IllegalArgumentException}) names nothing.
     */
    public ResourceHistory<D> heldBy(BiFunction<String, String, String> aggregateId) {
        return new ResourceHistory<>(resource, projection, document, aggregateId, documentId, about, embedded);
    }

    /** The id of the resource's document in its read model, when it is not the resource's id. */
    public ResourceHistory<D> keyedBy(BiFunction<String, String, String> documentId) {
        return new ResourceHistory<>(resource, projection, document, aggregateId, documentId, about, embedded);
    }

    /**
     * For an aggregate that holds many resources (a tenant's tag catalogue): events of this type are the
     * resource's when {@code idOf} gives its id. Once any type is declared, events of undeclared types are no
     * resource's.
     */
    @SuppressWarnings("unchecked")
    public <E> ResourceHistory<D> about(Class<E> eventType, Function<E, String> idOf) {
        Map<Class<?>, Function<Object, String>> all = new LinkedHashMap<>(about);
        all.put(eventType, event -> idOf.apply((E) event));
        return new ResourceHistory<>(resource, projection, document, aggregateId, documentId, Map.copyOf(all), embedded);
    }

    /**
     * The document embeds resources of another kind (declared too): their events change it as well. While
     * the resource is rebuilt, the ids it names at any point are collected, and those resources' own events are
     * folded in, in the order of time, by the same handlers.
     */
    public ResourceHistory<D> embedding(String otherResource, Function<D, Collection<String>> ids) {
        Map<String, Function<D, Collection<String>>> all = new LinkedHashMap<>(embedded);
        all.put(otherResource, ids);
        return new ResourceHistory<>(resource, projection, document, aggregateId, documentId, about, Map.copyOf(all));
    }

    public String resource() {
        return resource;
    }

    Class<?> projection() {
        return projection;
    }

    Class<D> document() {
        return document;
    }

    String aggregateId(String tenantId, String id) {
        return aggregateId.apply(tenantId, id);
    }

    String documentId(String tenantId, String id) {
        return documentId.apply(tenantId, id);
    }

    /** Whether an event of the resource's aggregate is the resource's own ({@code id} null: the only one). */
    boolean isAbout(Object payload, String id) {
        if (about.isEmpty() || id == null) {
            return true;
        }
        for (Map.Entry<Class<?>, Function<Object, String>> entry : about.entrySet()) {
            if (entry.getKey().isInstance(payload)) {
                return id.equals(entry.getValue().apply(payload));
            }
        }
        return false;
    }

    /** The embedded resources a document names, by kind. */
    Map<String, List<String>> embeddedIn(D state) {
        Map<String, List<String>> ids = new LinkedHashMap<>();
        embedded.forEach((kind, of) -> ids.put(kind, new ArrayList<>(of.apply(state))));
        return ids;
    }

    @Override
    public String toString() {
        return "history of " + resource;
    }
}
