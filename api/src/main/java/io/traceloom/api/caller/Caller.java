package io.traceloom.api.caller;

/** Who is calling: the tenant everything they do belongs to, and the user within it. */
public record Caller(String tenantId, String userId, String name, String email) {
}
