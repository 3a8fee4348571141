package io.traceloom.command.linkset;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Set;

/**
 * The link types of the GS1 Web Vocabulary (bundled as {@value #RESOURCE}, in the shape of GS1's
 * {@code https://ref.gs1.org/voc/data/linktypes}; source and licence in SOURCES.md beside it). A link set may
 * use only these of GS1's namespace: a misspelt {@code gs1:} term would otherwise be published as if GS1 had
 * defined it.
 */
public final class LinkTypeVocabulary {

    static final String RESOURCE = "linktypes.json";

    private final Set<String> terms;

    LinkTypeVocabulary(Set<String> terms) {
        this.terms = Set.copyOf(terms);
    }

    public static LinkTypeVocabulary bundled() {
        try (InputStream in = LinkTypeVocabulary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            try (JsonReader reader = Json.createReader(in)) {
                JsonObject linkTypes = reader.readObject().getJsonObject("linkTypes");
                return new LinkTypeVocabulary(linkTypes.keySet());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean contains(String term) {
        return terms.contains(term);
    }

    public Set<String> terms() {
        return terms;
    }
}
