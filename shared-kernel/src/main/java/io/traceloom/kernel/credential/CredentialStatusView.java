package io.traceloom.kernel.credential;

/**
 * @param issuer  the list's issuer
 * @param purpose the list's {@code statusPurpose}
 * @param length  the list's number of entries
 * @param set     whether the entry's bit is set (revoked, for a revocation list); false beyond the length
 */
public record CredentialStatusView(String issuer, String purpose, int length, boolean set) {
}
