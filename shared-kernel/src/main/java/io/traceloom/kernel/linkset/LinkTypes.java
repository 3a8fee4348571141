package io.traceloom.kernel.linkset;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Link (relation) types as link sets name them: a term of the GS1 Web Vocabulary as a CURIE
 * ({@code gs1:pip}) or an IRI in one of the vocabulary's namespaces ({@code https://gs1.org/voc/pip},
 * {@code https://ref.gs1.org/voc/pip}, which the vocabulary declares equivalent), or any other absolute
 * IRI. Each has one IRI, in the namespace GS1's linkset context maps {@code gs1:} to; that is the key a
 * linkset lists its links under, and what a resolver request's {@code linkType} is compared with.
 */
public final class LinkTypes {

    /** What {@code gs1:} stands for in GS1's linkset JSON-LD context, and so in every linkset. */
    public static final String GS1_NAMESPACE = "https://gs1.org/voc/";
    public static final String GS1_PREFIX = "gs1:";
    /** The link a resolver redirects to when the request asks for nothing more specific. */
    public static final String DEFAULT_LINK = GS1_NAMESPACE + "defaultLink";
    public static final String DEFAULT_LINK_MULTI = GS1_NAMESPACE + "defaultLinkMulti";

    /** The namespaces the GS1 Web Vocabulary is published under, all equivalent. */
    private static final List<String> GS1_NAMESPACES = List.of(GS1_NAMESPACE, "https://www.gs1.org/voc/",
            "https://ref.gs1.org/voc/", "http://gs1.org/voc/", "http://www.gs1.org/voc/", "http://ref.gs1.org/voc/");

    private static final Pattern ABSOLUTE_IRI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:\\S+");

    private LinkTypes() {
    }

    /**
     * The IRI of a link type: {@code gs1:pip} and every GS1 namespace's {@code pip} become
     * {@code https://gs1.org/voc/pip}; another absolute IRI stays as it is. Empty for anything else (a bare
     * word, a relative reference).
     */
    public static Optional<String> iri(String linkType) {
        if (linkType == null) {
            return Optional.empty();
        }
        if (linkType.startsWith(GS1_PREFIX)) {
            String term = linkType.substring(GS1_PREFIX.length());
            return term.isEmpty() ? Optional.empty() : Optional.of(GS1_NAMESPACE + term);
        }
        for (String namespace : GS1_NAMESPACES) {
            if (linkType.startsWith(namespace) && linkType.length() > namespace.length()) {
                return Optional.of(GS1_NAMESPACE + linkType.substring(namespace.length()));
            }
        }
        return ABSOLUTE_IRI.matcher(linkType).matches() ? Optional.of(linkType) : Optional.empty();
    }

    /** The GS1 Web Vocabulary term of an IRI {@link #iri} made ({@code pip}), or empty for other IRIs. */
    public static Optional<String> gs1Term(String iri) {
        return iri.startsWith(GS1_NAMESPACE) ? Optional.of(iri.substring(GS1_NAMESPACE.length())) : Optional.empty();
    }
}
