package io.traceloom.kernel.credential;

/** One entry of a status list of this service: answered with an {@code Optional<CredentialStatusView>}. */
public record FindCredentialStatus(String listId, long index) {
}
