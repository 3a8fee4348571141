package io.traceloom.command.linkset;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.linkset.LinkInput;
import io.traceloom.kernel.linkset.LinkTypes;
import io.traceloom.kernel.message.Rejection;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * What a link of a link set must be so that the resolver can publish it as GS1's linkset schema requires
 * and redirect to it: a link type of the GS1 Web Vocabulary or an http(s) IRI, an absolute http(s) target,
 * and language tags as linksets write them.
 */
@Component
public class LinkRules {

    /** What GS1's linkset schema admits as a relation type IRI (its pattern {@code ^https?://[a-zA-z0-9./]+$}). */
    private static final Pattern SCHEMA_SAFE_IRI = Pattern.compile("https?://[A-Za-z0-9./_]+");
    /** {@code hreflang} as GS1's linkset schema allows it: a language, optionally with a region. */
    private static final Pattern LANGUAGE_TAG = Pattern.compile("([A-Za-z]{2})(?:-([A-Za-z]{2}))?");

    private final LinkTypeVocabulary vocabulary;

    public LinkRules() {
        this(LinkTypeVocabulary.bundled());
    }

    LinkRules(LinkTypeVocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    /**
     * A link checked, with its relation type's IRI and its language tags normalised ({@code en-GB}).
     *
     * @param relationType as the client wrote it
     */
    public record CheckedLink(String relationType, String relationTypeIri, String href, String title,
                              List<String> lang) {

        /** What makes two links the same link: the same type, target and languages (in any order). */
        Identity identity() {
            return new Identity(relationTypeIri, href, Set.copyOf(lang));
        }
    }

    record Identity(String relationTypeIri, String href, Set<String> lang) {
    }

    /** @throws DomainRejectionException naming the first field that is wrong, as {@code links[2].href} */
    public List<CheckedLink> check(List<LinkInput> links) {
        List<CheckedLink> checked = new ArrayList<>();
        Map<Identity, Integer> seen = new HashMap<>();
        for (int i = 0; i < links.size(); i++) {
            LinkInput link = links.get(i);
            String at = "links[" + i + "]";
            CheckedLink ok = new CheckedLink(link.relationType(), relationType(at, link.relationType()),
                    href(at, link.href()), link.title(), lang(at, link.lang()));
            Integer earlier = seen.putIfAbsent(ok.identity(), i);
            if (earlier != null) {
                throw invalid(at, "repeats links[" + earlier + "] (the same relationType, href and lang)");
            }
            checked.add(ok);
        }
        return checked;
    }

    private String relationType(String at, String relationType) {
        String field = at + ".relationType";
        Optional<String> iri = LinkTypes.iri(relationType);
        if (iri.isEmpty()) {
            throw invalid(field, "must be a GS1 link type (gs1:pip or https://gs1.org/voc/pip) or an absolute http(s) IRI");
        }
        Optional<String> term = LinkTypes.gs1Term(iri.get());
        if (term.isPresent()) {
            if (iri.get().equals(LinkTypes.DEFAULT_LINK) || iri.get().equals(LinkTypes.DEFAULT_LINK_MULTI)) {
                throw invalid(field, "must describe the link (gs1:pip, gs1:epil, ...): the first link is the default "
                        + "link, and the resolver publishes it as gs1:defaultLink itself");
            }
            if (!vocabulary.contains(term.get())) {
                throw invalid(field, "is '" + relationType + "', which is not a link type of the GS1 Web Vocabulary");
            }
            return iri.get();
        }
        if (!SCHEMA_SAFE_IRI.matcher(iri.get()).matches()) {
            throw invalid(field, "must be a GS1 link type (gs1:pip) or an http(s) IRI of letters, digits, '.', '_' "
                    + "and '/', which is what GS1's linkset schema allows as a link type");
        }
        return iri.get();
    }

    private static String href(String at, String href) {
        String field = at + ".href";
        try {
            URI uri = new URI(href);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && !uri.getHost().isEmpty()) {
                return href;
            }
        } catch (URISyntaxException e) {
            // refused below
        }
        throw invalid(field, "must be an absolute http or https URL");
    }

    private static List<String> lang(String at, List<String> tags) {
        Set<String> normalised = new LinkedHashSet<>();
        for (int i = 0; i < tags.size(); i++) {
            String field = at + ".lang[" + i + "]";
            var matcher = LANGUAGE_TAG.matcher(tags.get(i));
            if (!matcher.matches()) {
                throw invalid(field, "must be a language tag of the form ll or ll-CC (an ISO 639-1 language, "
                        + "optionally with an ISO 3166-1 region), as GS1's linkset schema allows");
            }
            String tag = matcher.group(1).toLowerCase(Locale.ROOT)
                    + (matcher.group(2) == null ? "" : "-" + matcher.group(2).toUpperCase(Locale.ROOT));
            if (!normalised.add(tag)) {
                throw invalid(field, "repeats the language " + tag);
            }
        }
        return List.copyOf(normalised);
    }

    /** A sentence that names the field, as the detail of a problem that has no other. */
    private static DomainRejectionException invalid(String field, String message) {
        return new DomainRejectionException(Rejection.invalid(field, field + " " + message + "."));
    }
}
