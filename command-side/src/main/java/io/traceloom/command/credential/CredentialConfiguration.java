package io.traceloom.command.credential;

import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
public class CredentialConfiguration {

    /**
     * The service's own context is named after its public base URL: set it to where clients reach the
     * service, once. Every credential names it, and verification only knows the current one.
     */
    @Bean
    public ContextDocuments contextDocuments(@Value("${traceloom.public-base-url:http://localhost:8080}") String baseUrl) {
        return new ContextDocuments(baseUrl);
    }

    @Bean
    public Ed25519Proofs ed25519Proofs(ContextDocuments contexts) {
        return new Ed25519Proofs(new StrictCanonicalizer(contexts));
    }

    @Bean
    public IssuerKeyStore issuerKeyStore(@Value("${traceloom.data-dir:./data}") Path dataDir,
                                         @Value("${traceloom.credentials.master-key:}") String masterKey) {
        return IssuerKeyStore.open(dataDir.resolve("keys"), masterKey);
    }
}
