package io.traceloom.kernel.audit;

/** A tenant's log: its entries are numbered from 0 to {@code size - 1}. */
public record AuditLogView(long size) {
}
