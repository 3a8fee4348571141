package io.traceloom.query.credential;

import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** An issued credential is an aggregate of its own. (Its issuer's key is another's, and no resource.) */
@Configuration(proxyBeanMethods = false)
public class CredentialHistory {

    public static final ResourceHistory<CredentialDocument> CREDENTIALS = ResourceHistory
            .of("credentials", CredentialProjection.class, CredentialDocument.class);

    @Bean
    public ResourceHistory<CredentialDocument> credentialResourceHistory() {
        return CREDENTIALS;
    }
}
