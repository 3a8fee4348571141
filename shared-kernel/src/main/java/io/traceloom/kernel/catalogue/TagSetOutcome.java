package io.traceloom.kernel.catalogue;

import java.util.List;

/**
 * What setting a catalogue did, as the answer lists it: the ids of the tags the set named, in its order,
 * then those it deleted.
 */
public record TagSetOutcome(List<String> tagIds) {

    public TagSetOutcome {
        tagIds = List.copyOf(tagIds);
    }
}
