package io.traceloom.command.credential;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.traceloom.command.credential.StatusIndexes.Slot;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.credential.CredentialRevoked;
import io.traceloom.kernel.credential.CredentialStatusAssigned;
import io.traceloom.kernel.credential.IssueCredential;
import io.traceloom.kernel.credential.RevokeCredential;
import io.traceloom.kernel.credential.Revocation;
import io.traceloom.kernel.message.Rejection;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * An issued credential: built, signed and recorded once, by {@link CredentialCommandHandler}; the credential
 * never changes afterwards. What can change is its status: its entry in a status list, once revoked, stays so.
 */
@Aggregate
public class Credential {

    @AggregateIdentifier
    private String id;
    private String tenantId;
    private String statusListId;
    private int statusIndex;
    private String statusPurpose;
    private Instant revokedAt;

    protected Credential() {
        // for Axon
    }

    /** Records a credential as it was signed, and the status entry it names (none when it only got a proof). */
    Credential(IssueCredential command, JsonObject signed, Slot status) {
        apply(new CredentialIssued(command.tenantId(), command.credentialId(), signed.toString()));
        if (status != null) {
            apply(new CredentialStatusAssigned(command.tenantId(), command.credentialId(), status.listId(),
                    status.index(), status.purpose()));
        }
    }

    /**
     * Another tenant's credential does not exist for the caller. A credential without a status entry of its
     * own (issued before status lists, or one that got another proof here) cannot be revoked here. Revoking
     * a revoked credential changes nothing.
     */
    @CommandHandler
    public Revocation handle(RevokeCredential command) {
        if (!tenantId.equals(command.tenantId())) {
            throw new DomainRejectionException(Rejection.notFound(
                    "Credential '" + command.credentialId() + "' does not exist."));
        }
        if (statusListId == null) {
            throw new DomainRejectionException(Rejection.conflict("credentialStatus", "Credential '" + id
                    + "' names no status list entry of its own, so it cannot be revoked."));
        }
        boolean now = revokedAt == null;
        if (now) {
            apply(new CredentialRevoked(tenantId, id, statusListId, statusIndex, statusPurpose));
        }
        return new Revocation(id, statusListId, statusIndex, statusPurpose, revokedAt, now);
    }

    @EventSourcingHandler
    void on(CredentialIssued event) {
        id = event.credentialId();
        tenantId = event.tenantId();
    }

    @EventSourcingHandler
    void on(CredentialStatusAssigned event) {
        statusListId = event.listId();
        statusIndex = event.index();
        statusPurpose = event.purpose();
    }

    @EventSourcingHandler
    void on(CredentialRevoked event, @Timestamp Instant at) {
        // as the event store keeps it: the answer of the first revocation and of a later one agree
        revokedAt = at.truncatedTo(ChronoUnit.MILLIS);
    }
}
