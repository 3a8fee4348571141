package io.traceloom.kernel.linkset;

import java.util.List;

/**
 * What the public resolver knows of these Digital Link keys ({@link DigitalLink#key()}), whichever tenant's
 * link sets hold them: the one query that reads across tenants, because a key belongs to one link set in
 * the whole service and the resolver serves anyone. Answered with a {@link DigitalLinkResolution}.
 *
 * @param keys the levels of one request, most specific first ({@link DigitalLink#levels()})
 */
public record ResolveDigitalLink(List<String> keys) {

    public ResolveDigitalLink {
        keys = List.copyOf(keys);
    }
}
