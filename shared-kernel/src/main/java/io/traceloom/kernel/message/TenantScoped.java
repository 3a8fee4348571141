package io.traceloom.kernel.message;

/**
 * Every command, event and query of Traceloom belongs to exactly one tenant. Projections use this to
 * keep the events of one tenant in order, and the API to make sure no path reads across tenants.
 */
public interface TenantScoped {

    String tenantId();
}
