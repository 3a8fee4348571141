package io.traceloom.command.credential.proof;

import com.apicatalog.rdf.api.RdfQuadConsumer;
import com.apicatalog.rdf.nquads.NQuadsWriter;
import io.traceloom.command.credential.model.OverLimitException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The look-alike blank nodes of a dataset, counted before RDF canonicalization meets them. RDFC-1.0 tells
 * blank nodes apart first by their own statements (first-degree hashes); those that look alike that way
 * it tells apart by exploring everything connected to them through other look-alikes (N-degree hashing),
 * copying its state at every step and trying every order of equal neighbours. A long chain of
 * look-alikes (an {@code @list} of equal items) thus costs the cube of its length, which no count of
 * steps bounds well since each step grows with the chain; so the largest connected group of look-alikes
 * is bounded here, and the steps within it by the canonicalization ticker.
 */
final class LookAlikeBlankNodes {

    /** A statement as it reaches the dataset. */
    record Quad(String subject, String predicate, String object, String datatype, String language,
                String direction, String graph) {

        /** The statement as RDFC-1.0 hashes it for one blank node: that node {@code _:a}, any other {@code _:z}. */
        String seenFrom(String blankNode) {
            return NQuadsWriter.nquad(as(subject, blankNode), predicate,
                    objectIsResource() ? as(object, blankNode) : object,
                    datatype, language, direction, graph == null ? null : as(graph, blankNode));
        }

        private static String as(String resource, String blankNode) {
            if (resource == null || !RdfQuadConsumer.isBlank(resource)) {
                return resource;
            }
            return resource.equals(blankNode) ? "_:a" : "_:z";
        }

        boolean objectIsResource() {
            return !RdfQuadConsumer.isLiteral(datatype, language, direction);
        }
    }

    private LookAlikeBlankNodes() {
    }

    /** @throws OverLimitException when more look-alikes hang together than the limit allows */
    static void check(List<Quad> quads, WorkBudget budget) throws OverLimitException {
        Map<String, List<Quad>> mentions = new HashMap<>();
        for (Quad quad : quads) {
            for (String blank : blanks(quad)) {
                mentions.computeIfAbsent(blank, node -> new ArrayList<>()).add(quad);
            }
        }
        Map<String, String> firstDegree = new HashMap<>();
        Map<String, Integer> alike = new HashMap<>();
        int steps = 0;
        for (Map.Entry<String, List<Quad>> node : mentions.entrySet()) {
            String[] seen = new String[node.getValue().size()];
            for (int i = 0; i < seen.length; i++) {
                seen[i] = node.getValue().get(i).seenFrom(node.getKey());
            }
            Arrays.sort(seen);
            String hash = String.join("\n", seen);
            firstDegree.put(node.getKey(), hash);
            alike.merge(hash, 1, Integer::sum);
            if ((++steps & 0xff) == 0) {
                budget.checkDeadline();
            }
        }
        Components lookAlikes = new Components();
        for (Quad quad : quads) {
            String previous = null;
            for (String blank : blanks(quad)) {
                if (alike.get(firstDegree.get(blank)) > 1) {
                    lookAlikes.add(blank);
                    if (previous != null) {
                        lookAlikes.join(previous, blank);
                    }
                    previous = blank;
                }
            }
        }
        int largest = lookAlikes.largest();
        int limit = budget.limits().maxLookAlikeBlankNodes();
        if (largest > limit) {
            throw new OverLimitException(null, "has " + largest + " connected blank nodes that look alike to RDF "
                    + "canonicalization, more than traceloom.credentials.limits.max-look-alike-blank-nodes ("
                    + limit + "); objects without an id that have the same properties and values, or a list "
                    + "of equal items, are what look alike");
        }
    }

    private static List<String> blanks(Quad quad) {
        List<String> blanks = new ArrayList<>(3);
        if (RdfQuadConsumer.isBlank(quad.subject())) {
            blanks.add(quad.subject());
        }
        if (quad.objectIsResource() && RdfQuadConsumer.isBlank(quad.object())) {
            blanks.add(quad.object());
        }
        if (quad.graph() != null && RdfQuadConsumer.isBlank(quad.graph())) {
            blanks.add(quad.graph());
        }
        return blanks;
    }

    /** Union-find over node names. */
    private static final class Components {
        private final Map<String, String> parent = new HashMap<>();
        private final Map<String, Integer> size = new HashMap<>();

        void add(String node) {
            if (parent.putIfAbsent(node, node) == null) {
                size.put(node, 1);
            }
        }

        String root(String node) {
            String root = node;
            while (!parent.get(root).equals(root)) {
                root = parent.get(root);
            }
            while (!node.equals(root)) {
                String next = parent.get(node);
                parent.put(node, root);
                node = next;
            }
            return root;
        }

        void join(String a, String b) {
            String rootA = root(a);
            String rootB = root(b);
            if (!rootA.equals(rootB)) {
                int sizeA = size.get(rootA);
                int sizeB = size.get(rootB);
                String big = sizeA >= sizeB ? rootA : rootB;
                String small = big.equals(rootA) ? rootB : rootA;
                parent.put(small, big);
                size.put(big, sizeA + sizeB);
            }
        }

        int largest() {
            int largest = 0;
            for (Map.Entry<String, String> entry : parent.entrySet()) {
                if (entry.getKey().equals(entry.getValue())) {
                    largest = Math.max(largest, size.get(entry.getKey()));
                }
            }
            return largest;
        }
    }
}
