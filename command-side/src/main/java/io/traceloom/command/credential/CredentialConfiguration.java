package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.StrictCanonicalizer;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.command.eventstore.CurrentAggregates;
import io.traceloom.command.storage.WriteOnceRecords;
import io.traceloom.kernel.credential.FindServiceContext;
import io.traceloom.kernel.credential.FindStatusList;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import org.axonframework.common.caching.Cache;
import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CredentialConfiguration {

    /** The kind of shared record an issuer key's envelope is. */
    public static final String ISSUER_KEYS = "issuer_keys";
    private static final Logger log = LoggerFactory.getLogger(CredentialConfiguration.class);

    /**
     * The service's own context is named after its public base URL: set it to where clients reach the
     * service, once. Every credential names it, and verification only knows the current one.
     */
    @Bean
    public ContextDocuments contextDocuments(CommandSideProperties properties) {
        return contextsServedAt(properties.publicBaseUrl());
    }

    /**
     * The contexts of the service reached at {@code publicBaseUrl}: its own context, and its status lists, where
     * the API serves them.
     */
    public static ContextDocuments contextsServedAt(String publicBaseUrl) {
        return new ContextDocuments(publicBaseUrl, FindServiceContext.PATH, FindStatusList.PATH);
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

    /**
     * Issuer keys under {@code <data-dir>/keys/}, or where the deployment's processes share their records (a
     * MongoDB), so that every process signs for a tenant with the same key.
     */
    @Bean
    public IssuerKeyStore issuerKeyStore(CommandSideProperties properties, ObjectProvider<WriteOnceRecords.Shared> shared) {
        Path directory = properties.dataDir().resolve("keys");
        String masterKey = properties.credentials().masterKey();
        WriteOnceRecords.Shared records = shared.getIfAvailable();
        IssuerKeyStore store = records == null ? IssuerKeyStore.open(directory, masterKey)
                : IssuerKeyStore.open(records.named(ISSUER_KEYS), directory, masterKey);
        log.info("Issuer keys are kept in {}, encrypted under {}", store.where(), masterKey.isBlank()
                ? "the master key in " + directory.resolve("master.key") : "the configured master key");
        return store;
    }

    /**
     * A tenant's status lists are loaded once for every block of entries its issuances take; from memory only
     * while the event store shows no newer event of them ({@link CurrentAggregates}): every process takes blocks.
     */
    @Bean
    public Cache statusListCache(EventStore events) {
        return new CurrentAggregates(new WeakReferenceCache(), events);
    }

    /** Every issuance of a tenant needs its issuer until its key is known to be recorded. */
    @Bean
    public Cache issuerCache(EventStore events) {
        return new CurrentAggregates(new WeakReferenceCache(), events);
    }
}
