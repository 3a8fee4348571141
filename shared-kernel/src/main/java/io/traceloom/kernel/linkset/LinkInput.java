package io.traceloom.kernel.linkset;

import java.util.List;

/**
 * A link as a client gives it.
 *
 * @param relationType a GS1 link type ({@code gs1:pip} or its IRI) or another absolute IRI
 * @param lang         BCP 47 language tags of the target, possibly none
 */
public record LinkInput(String relationType, String href, String title, List<String> lang) {

    public LinkInput {
        lang = lang == null ? List.of() : List.copyOf(lang);
    }
}
