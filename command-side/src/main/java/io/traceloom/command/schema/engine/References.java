package io.traceloom.command.schema.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.AbsoluteIri;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The documents a schema names in its own {@code $ref}s and {@code $dynamicRef}s, resolved as JSON Schema
 * resolves them: against the base its nearest {@code $id} (or its location) sets. It reads every such key,
 * also where it is data rather than a keyword (in a {@code const}); callers keep only what compiling actually
 * loaded, so a schema counts as using exactly the stored schemas it refers to itself (not those they use).
 */
public final class References {

    private References() {
    }

    /** @param idOf the stored schema's id for a document IRI, or {@code null} */
    public static Set<String> of(JsonNode schema, String location, Function<String, String> idOf) {
        Set<String> ids = new TreeSet<>();
        walk(schema, location, idOf, ids);
        return ids;
    }

    private static void walk(JsonNode node, String base, Function<String, String> idOf, Set<String> ids) {
        if (node.isArray()) {
            node.forEach(item -> walk(item, base, idOf, ids));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        String here = base;
        JsonNode declared = node.get("$id");
        if (declared != null && declared.isTextual()) {
            here = resolve(base, declared.textValue());
        }
        for (String keyword : new String[] {"$ref", "$dynamicRef"}) {
            JsonNode ref = node.get(keyword);
            if (ref != null && ref.isTextual()) {
                String target = resolve(here, ref.textValue());
                String id = target == null ? null : idOf.apply(withoutFragment(target));
                if (id != null) {
                    ids.add(id);
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            walk(fields.next().getValue(), here, idOf, ids);
        }
    }

    private static String resolve(String base, String reference) {
        try {
            return base == null ? reference : AbsoluteIri.resolve(base, reference);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String withoutFragment(String iri) {
        int hash = iri.indexOf('#');
        return hash < 0 ? iri : iri.substring(0, hash);
    }
}
