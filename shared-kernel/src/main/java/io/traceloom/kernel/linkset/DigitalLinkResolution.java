package io.traceloom.kernel.linkset;

import java.util.List;

/**
 * The link sets found for a {@link ResolveDigitalLink}, in the order of its keys; keys without one are left
 * out.
 */
public record DigitalLinkResolution(List<Level> levels) {

    /**
     * @param itemDescription what the linkset says the item is
     * @param links           in the link set's order: the first is the default link
     */
    public record Level(String key, String itemDescription, List<Target> links) {
    }

    /** @param relationType the link type's IRI ({@link LinkTypes#iri}) */
    public record Target(String relationType, String href, String title, List<String> lang) {
    }
}
