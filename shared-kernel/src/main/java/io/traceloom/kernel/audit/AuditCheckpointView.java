package io.traceloom.kernel.audit;

/**
 * A tree head to sign, or why not.
 *
 * @param rootHash the tree's root in lowercase hexadecimal
 * @param mismatch {@code null}, or the first entry of the log that no longer matches its event in the store: no
 *                 checkpoint may then be signed
 */
public record AuditCheckpointView(long treeSize, String rootHash, AuditLogMismatch mismatch) {
}
