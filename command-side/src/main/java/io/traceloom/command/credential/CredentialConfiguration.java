package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import jakarta.json.JsonObject;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CredentialConfiguration {

    /**
     * The service's own context is named after its public base URL: set it to where clients reach the
     * service, once. Every credential names it, and verification only knows the current one.
     */
    @Bean
    public ContextDocuments contextDocuments(CommandSideProperties properties) {
        return new ContextDocuments(properties.publicBaseUrl());
    }

    /**
     * Warmed up with one credential signed and verified: the first issuance would otherwise pay for loading
     * and compiling the JSON-LD processor and for processing the contexts, against its own deadline.
     */
    @Bean
    public Ed25519Proofs ed25519Proofs(ContextDocuments contexts) throws GeneralSecurityException,
            InvalidCredentialException {
        Ed25519Proofs proofs = new Ed25519Proofs(new StrictCanonicalizer(contexts));
        KeyPair key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        Limits unhurried = Limits.defaults().withTimeout(Duration.ofMinutes(1));
        JsonObject sample = JsonValues.object()
                .add("@context", JsonValues.array().add(ContextDocuments.CREDENTIALS_V1)
                        .add(ContextDocuments.DATA_INTEGRITY_V2).add(contexts.traceloomContext()))
                .add("type", JsonValues.array().add(Issuance.VERIFIABLE_CREDENTIAL))
                .add("issuer", DidKey.did(key.getPublic()))
                .add("issuanceDate", "2026-01-01T00:00:00Z")
                .add("credentialSubject", JsonValues.object().add("id", "urn:uuid:0").add("warm", 1))
                .build();
        JsonObject signed = proofs.sign(sample, key.getPrivate(), key.getPublic(), Instant.now(),
                WorkBudget.start(unhurried));
        proofs.verify(signed, Instant.now(), WorkBudget.start(unhurried));
        return proofs;
    }

    @Bean
    public IssuerKeyStore issuerKeyStore(CommandSideProperties properties) {
        return IssuerKeyStore.open(properties.dataDir().resolve("keys"), properties.credentials().masterKey());
    }

    /** A tenant's status lists are loaded once for every block of entries its issuances take. */
    @Bean
    public Cache statusListCache() {
        return new WeakReferenceCache();
    }

    /** Every issuance of a tenant needs its issuer until its key is known to be recorded. */
    @Bean
    public Cache issuerCache() {
        return new WeakReferenceCache();
    }
}
