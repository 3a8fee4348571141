package io.traceloom.command.credential.model;

/**
 * A {@code BitstringStatusListEntry} of the credential, as the signed data model gives it.
 *
 * @param listCredential the URL of the status list credential
 * @param issuer         the credential's issuer, or {@code null} when it has none in the one expected form
 */
public record StatusEntry(String purpose, long index, String listCredential, String issuer) {
}
