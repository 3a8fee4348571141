package io.traceloom.kernel.theme;

import io.traceloom.kernel.message.AggregateIds;

/**
 * A tenant has one organization theme: one aggregate per tenant, named after it, so that "the first POST
 * creates it, later ones replace it" is decided in one place. Its public id is a UUID of its own, chosen
 * when it is created.
 */
public final class OrganizationThemeId {

    private OrganizationThemeId() {
    }

    public static String of(String tenantId) {
        return AggregateIds.tenantScoped("organization-theme", tenantId);
    }
}
