package io.traceloom.kernel.credential;

/** A tenant's issuer: its {@code did:key}, whose key is its one verification method. */
public record IssuerView(String did) {

    /** {@code did:key:z…#z…}: the did:key method names its one key by the key itself. */
    public String verificationMethod() {
        return did + "#" + publicKeyMultibase();
    }

    /** The multibase Ed25519 public key ({@code z6Mk…}). */
    public String publicKeyMultibase() {
        return did.substring("did:key:".length());
    }
}
