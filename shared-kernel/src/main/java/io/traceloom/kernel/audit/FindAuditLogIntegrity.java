package io.traceloom.kernel.audit;

/** Whether every tenant's log still matches the store, as far as it was checked: answered with an {@link AuditLogIntegrity}. */
public record FindAuditLogIntegrity() {
}
