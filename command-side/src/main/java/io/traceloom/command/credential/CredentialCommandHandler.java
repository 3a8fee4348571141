package io.traceloom.command.credential;

import io.traceloom.kernel.credential.IssueCredential;
import java.security.KeyPair;
import java.time.Duration;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventhandling.GenericEventMessage;
import org.axonframework.modelling.command.Repository;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Issuing needs the tenant's key first, which the tenant's {@link Issuer} provides (and records). */
@Component
public class CredentialCommandHandler {

    private final Repository<Issuer> issuers;
    private final Repository<Credential> credentials;
    private final IssuerKeyStore keys;
    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final Duration validity;

    public CredentialCommandHandler(Repository<Issuer> issuers, Repository<Credential> credentials,
                                    IssuerKeyStore keys, Ed25519Proofs suite, ContextDocuments contexts,
                                    @Value("${traceloom.credentials.validity:365d}") Duration validity) {
        this.issuers = issuers;
        this.credentials = credentials;
        this.keys = keys;
        this.suite = suite;
        this.contexts = contexts;
        this.validity = validity;
    }

    @CommandHandler
    public String handle(IssueCredential command) throws Exception {
        KeyPair key = issuers.loadOrCreate(Issuer.idFor(command.tenantId()), Issuer::new)
                .invoke(issuer -> issuer.key(command.tenantId(), keys));
        credentials.newInstance(() -> new Credential(command, key, suite, contexts, validity,
                GenericEventMessage.clock.instant()));
        return command.credentialId();
    }
}
