package io.traceloom.kernel.credential;

/** @param credential the signed credential as JSON text, exactly as issued */
public record CredentialView(String id, String credential) {
}
