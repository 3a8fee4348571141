package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.deseralization.JsonLdToRdf;
import com.apicatalog.jsonld.flattening.NodeMap;
import com.apicatalog.jsonld.flattening.NodeMapBuilder;
import com.apicatalog.jsonld.lang.LanguageTag;
import com.apicatalog.jsonld.uri.UriUtils;
import com.apicatalog.jsonld.uri.UriValidationPolicy;
import com.apicatalog.rdf.api.RdfConsumerException;
import com.apicatalog.rdf.api.RdfQuadConsumer;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.proof.LookAlikeBlankNodes.Quad;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.rfc3986.IRI3986;
import org.apache.jena.rfc3986.IRIParseException;
import org.apache.jena.rfc3986.RFC3986;

/**
 * Expanded JSON-LD to RDF with nothing lost on the way, since what does not reach RDF is not signed.
 * Titanium skips, with at most a log line, every statement whose subject, property, type or object is
 * not an absolute IRI, every literal with a malformed language tag, and more. So, first, the expanded
 * document is checked: every {@code @id}, {@code @type}, datatype and property is an IRI by the RFC 3987
 * grammar (Jena's parser) and absolute by titanium's own test too; keywords that RDF does not carry are
 * refused; and the sizes that make titanium's work grow faster than the input (values of one property,
 * blank nodes, statements) are counted against the limits. Then, as the W3C Data Integrity suites expect
 * ({@code DATA_LOSS_DETECTION_ERROR}), the statements that reach the dataset are counted against those
 * the node map holds: any difference refuses the credential, so a case the first check missed cannot
 * slip through either.
 */
final class LosslessRdf {

    private static final String TYPE = "@type";

    private final String vocabulary;

    /** @param vocabulary the IRI prefix of free-form properties, left out where errors name them */
    LosslessRdf(String vocabulary) {
        this.vocabulary = vocabulary;
    }

    /**
     * The statements of a checked expanded document, emitted to {@code consumer} and returned.
     *
     * @throws InvalidCredentialException what would not be signed, naming the property
     */
    List<Quad> emit(JsonArray expanded, RdfQuadConsumer consumer, WorkBudget budget)
            throws InvalidCredentialException, JsonLdError {
        Walk walk = new Walk(budget);
        for (JsonValue item : expanded) {
            walk.topLevel(item);
        }
        budget.checkDeadline();
        NodeMap nodeMap = NodeMapBuilder.with(expanded, new NodeMap()).build();
        budget.checkDeadline();
        long expected = statements(nodeMap);
        Counting counting = new Counting(consumer);
        JsonLdToRdf.with(nodeMap).uriValidation(UriValidationPolicy.Full).provide(counting);
        if (counting.count != expected) {
            throw new InvalidCredentialException(null, "DATA_LOSS_DETECTION_ERROR: " + (expected - counting.count)
                    + " of its " + expected + " statements would not reach RDF, so they would not be signed");
        }
        if (counting.blankNodes.size() > budget.limits().maxBlankNodes()) {
            throw new OverLimitException(null, "has " + counting.blankNodes.size() + " blank nodes, more than "
                    + "traceloom.credentials.limits.max-blank-nodes (" + budget.limits().maxBlankNodes() + ")");
        }
        return counting.quads;
    }

    /** The statements RDF should get from a node map: one per type, value and reference; lists spelled out. */
    private static long statements(NodeMap nodeMap) {
        long count = 0;
        for (String graph : nodeMap.graphs()) {
            for (String subject : nodeMap.subjects(graph)) {
                for (String property : nodeMap.properties(graph, subject)) {
                    JsonValue values = nodeMap.get(graph, subject, property);
                    if (property.equals(TYPE)) {
                        count += values.asJsonArray().size();
                    } else if (!property.startsWith("@")) {
                        for (JsonValue value : values.asJsonArray()) {
                            count += statementsOf(value);
                        }
                    }
                }
            }
        }
        return count;
    }

    private static long statementsOf(JsonValue value) {
        if (value instanceof JsonObject object && object.get("@list") instanceof JsonArray list) {
            long count = 1;
            for (JsonValue item : list) {
                count += statementsOf(item) + 1;
            }
            return count;
        }
        return 1;
    }

    /** Passes quads on, counting them and the blank nodes they name. */
    private static final class Counting implements RdfQuadConsumer {
        private final RdfQuadConsumer next;
        private final Set<String> blankNodes = new HashSet<>();
        private final List<Quad> quads = new ArrayList<>();
        private long count;

        Counting(RdfQuadConsumer next) {
            this.next = next;
        }

        @Override
        public RdfQuadConsumer quad(String subject, String predicate, String object, String datatype,
                                    String language, String direction, String graph) throws RdfConsumerException {
            count++;
            blank(subject);
            if (!RdfQuadConsumer.isLiteral(datatype, language, direction)) {
                blank(object);
            }
            blank(graph);
            quads.add(new Quad(subject, predicate, object, datatype, language, direction, graph));
            next.quad(subject, predicate, object, datatype, language, direction, graph);
            return this;
        }

        private void blank(String resource) {
            if (resource != null && RdfQuadConsumer.isBlank(resource)) {
                blankNodes.add(resource);
            }
        }
    }

    /** One pass over the expanded document. Its depth is bounded by the JSON's, checked before expansion. */
    private final class Walk {
        private final WorkBudget budget;
        private final Limits limits;
        private final Map<String, Integer> valuesOfNamedNodes = new HashMap<>();
        private final Set<String> blankNodeIds = new HashSet<>();
        private long blankNodes;
        private long statements;
        private long steps;

        Walk(WorkBudget budget) {
            this.budget = budget;
            this.limits = budget.limits();
        }

        void topLevel(JsonValue item) throws InvalidCredentialException {
            if (!(item instanceof JsonObject node) || node.containsKey("@value") || node.containsKey("@list")) {
                throw new InvalidCredentialException(null, "a value outside of any node would not be signed");
            }
            node(node, "@default", null);
        }

        private void node(JsonObject node, String graph, String via) throws InvalidCredentialException {
            step();
            String id = null;
            if (node.get("@id") instanceof JsonString value) {
                id = value.getString();
                if (!id.startsWith("_:")) {
                    requireIri(id, via == null ? "id" : via, "id");
                }
            } else if (node.containsKey("@id")) {
                throw new InvalidCredentialException(via, "an id must be a string");
            }
            if (id == null || id.startsWith("_:") && blankNodeIds.add(id)) {
                blankNodes(1, via);
            }
            for (Map.Entry<String, JsonValue> entry : node.entrySet()) {
                String key = entry.getKey();
                switch (key) {
                    case "@id" -> {
                    }
                    case TYPE -> {
                        JsonArray types = entry.getValue().asJsonArray();
                        for (JsonValue type : types) {
                            String name = type instanceof JsonString string ? string.getString() : type.toString();
                            requireIri(name, via == null ? "type" : via, "type");
                        }
                        count(graph, id, key, types.size(), "type");
                    }
                    case "@graph" -> {
                        // a graph without a name is named by the node's blank node, counted above
                        String graphName = id == null ? "_:graph-of-" + System.identityHashCode(node) : id;
                        for (JsonValue member : entry.getValue().asJsonArray()) {
                            if (!(member instanceof JsonObject inner) || inner.containsKey("@value")
                                    || inner.containsKey("@list")) {
                                throw new InvalidCredentialException(via, "a value outside of any node would not "
                                        + "be signed");
                            }
                            node(inner, graphName, via);
                        }
                    }
                    default -> {
                        if (key.startsWith("@")) {
                            throw new InvalidCredentialException(via, key + " is not supported in credentials");
                        }
                        String name = name(key);
                        if (key.startsWith("_:")) {
                            throw new InvalidCredentialException(name, "a property named by a blank node would "
                                    + "not be signed");
                        }
                        requireIri(key, name, "property name");
                        JsonArray values = entry.getValue().asJsonArray();
                        count(graph, id, key, values.size(), name);
                        for (JsonValue value : values) {
                            value(value, graph, name);
                        }
                    }
                }
            }
        }

        private void value(JsonValue value, String graph, String property) throws InvalidCredentialException {
            if (!(value instanceof JsonObject object)) {
                throw new InvalidCredentialException(property, "not valid expanded JSON-LD");
            }
            if (object.containsKey("@value")) {
                literal(object, property);
            } else if (object.get("@list") instanceof JsonArray list) {
                list(object, list, graph, property);
            } else {
                node(object, graph, property);
            }
        }

        private void literal(JsonObject literal, String property) throws InvalidCredentialException {
            step();
            statements++;
            for (Map.Entry<String, JsonValue> entry : literal.entrySet()) {
                switch (entry.getKey()) {
                    case "@value" -> {
                    }
                    case TYPE -> {
                        String datatype = entry.getValue() instanceof JsonString string ? string.getString() : "";
                        if (!datatype.equals("@json")) {
                            requireIri(datatype, property, "datatype");
                        }
                    }
                    case "@language" -> {
                        String tag = entry.getValue() instanceof JsonString string ? string.getString() : "";
                        if (!LanguageTag.isWellFormed(tag)) {
                            throw new InvalidCredentialException(property, "'" + excerpt(tag)
                                    + "' is not a well-formed language tag, so the value would not be signed");
                        }
                    }
                    default -> throw new InvalidCredentialException(property, entry.getKey()
                            + " does not reach RDF, so it would not be signed");
                }
            }
        }

        private void list(JsonObject object, JsonArray items, String graph, String property)
                throws InvalidCredentialException {
            if (object.size() != 1) {
                throw new InvalidCredentialException(property, "only @list may describe a list");
            }
            statements += 1 + items.size();
            blankNodes(items.size(), property);
            for (JsonValue item : items) {
                value(item, graph, property);
            }
        }

        /**
         * Titanium merges the values of a property across the objects that share an id, comparing each new
         * value with all earlier ones: quadratic in the values of one property, hence the limit.
         */
        private void count(String graph, String id, String property, int values, String name)
                throws OverLimitException {
            statements += values;
            int total = values;
            if (id != null) {
                total = valuesOfNamedNodes.merge(graph + '\n' + id + '\n' + property, values, Integer::sum);
            }
            if (total > limits.maxValuesPerProperty()) {
                throw new OverLimitException(name, "has " + total + " values, more than "
                        + "traceloom.credentials.limits.max-values-per-property (" + limits.maxValuesPerProperty() + ")");
            }
            if (statements > limits.maxStatements()) {
                throw new OverLimitException(name, "the credential makes more than "
                        + "traceloom.credentials.limits.max-statements (" + limits.maxStatements() + ") statements");
            }
        }

        private void blankNodes(int more, String name) throws OverLimitException {
            blankNodes += more;
            if (blankNodes > limits.maxBlankNodes()) {
                throw new OverLimitException(name, "the credential has more than "
                        + "traceloom.credentials.limits.max-blank-nodes (" + limits.maxBlankNodes() + ") blank nodes");
            }
        }

        private void step() throws OverLimitException {
            if ((++steps & 0x3ff) == 0) {
                budget.checkDeadline();
            }
        }
    }

    /**
     * @throws InvalidCredentialException when {@code iri} is not an absolute IRI by RFC 3987, or not by
     *                                    titanium's own test (which decides what it drops)
     */
    private void requireIri(String iri, String property, String what) throws InvalidCredentialException {
        String problem;
        try {
            IRI3986 parsed = RFC3986.create(iri);
            problem = !parsed.hasScheme() ? "it is relative"
                    : UriUtils.isAbsoluteUri(iri, UriValidationPolicy.Full) ? null : "java.net.URI refuses it";
        } catch (IRIParseException e) {
            // Jena's message starts by quoting the whole IRI
            String reason = e.getMessage() == null ? "" : e.getMessage();
            String quoted = "<" + iri + "> : ";
            problem = excerpt(reason.startsWith(quoted) ? reason.substring(quoted.length()) : reason).strip();
        }
        if (problem != null) {
            String shown = iri.startsWith(vocabulary) ? iri.substring(vocabulary.length()) : iri;
            throw new InvalidCredentialException(property, "'" + excerpt(shown) + "' is not an absolute IRI ("
                    + what + ": " + problem + "), so it would not be signed");
        }
    }

    /** How a client wrote the property: free-form ones without the service vocabulary's prefix. */
    private String name(String property) {
        if (property.startsWith(vocabulary) && property.length() > vocabulary.length()) {
            return excerpt(property.substring(vocabulary.length()));
        }
        int cut = Math.max(property.lastIndexOf('#'), property.lastIndexOf('/'));
        return excerpt(cut >= 0 && cut < property.length() - 1 ? property.substring(cut + 1) : property);
    }
}
