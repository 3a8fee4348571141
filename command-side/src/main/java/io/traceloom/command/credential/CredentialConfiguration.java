package io.traceloom.command.credential;

import io.traceloom.command.config.CommandSideProperties;
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

    @Bean
    public Ed25519Proofs ed25519Proofs(ContextDocuments contexts) {
        return new Ed25519Proofs(new StrictCanonicalizer(contexts));
    }

    @Bean
    public IssuerKeyStore issuerKeyStore(CommandSideProperties properties) {
        return IssuerKeyStore.open(properties.dataDir().resolve("keys"), properties.credentials().masterKey());
    }

    /** Every issuance of a tenant needs its issuer until its key is known to be recorded. */
    @Bean
    public Cache issuerCache() {
        return new WeakReferenceCache();
    }
}
