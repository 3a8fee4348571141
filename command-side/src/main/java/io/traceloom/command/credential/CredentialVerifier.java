package io.traceloom.command.credential;

import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.model.StatusEntry;
import io.traceloom.command.credential.proof.ContextDocuments;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.Ed25519Proofs.Expectations;
import io.traceloom.command.credential.proof.JsonValues;
import io.traceloom.command.credential.proof.WorkBudget;
import io.traceloom.kernel.credential.CredentialVerification;
import io.traceloom.kernel.credential.CredentialVerification.StatusReference;
import io.traceloom.kernel.credential.VerifyCredential;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.TenantSchemas;
import io.traceloom.kernel.schema.WorkDeadline;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.stereotype.Component;

/**
 * Verifies a credential from anyone. A query, not a command: it changes nothing and reads no read
 * model; it lives beside the signing code because it is the same cryptography. The status entries that
 * name this service's lists are handed back for whoever reads the lists to check; those of other services
 * are a warning, since the service fetches nothing from the network, and so are schemas of others: of other
 * services, and of other tenants.
 */
@Component
public class CredentialVerifier {

    /** Enough of a schema's URL to tell it apart ({@code <public base URL>/schemas/<uuid>}), and no more. */
    private static final int MAX_URL = 300;

    private final Ed25519Proofs suite;
    private final ContextDocuments contexts;
    private final TenantSchemas schemas;
    private final Limits limits;

    public CredentialVerifier(Ed25519Proofs suite, ContextDocuments contexts, TenantSchemas schemas,
                              CommandSideProperties properties) {
        this.suite = suite;
        this.contexts = contexts;
        this.schemas = schemas;
        this.limits = properties.credentials().limits();
    }

    @QueryHandler
    public CredentialVerification handle(VerifyCredential query) {
        WorkBudget budget = WorkBudget.start(limits);
        JsonObject credential;
        try {
            credential = JsonValues.reader(query.credential()).readObject();
        } catch (JsonException | IllegalStateException e) {
            return new CredentialVerification(List.of(), List.of(), List.of("credential: not a JSON object"));
        }
        try {
            Ed25519Proofs.Verification verification = suite.verify(credential, Instant.now(),
                    new Expectations(query.expectedProofPurpose(), query.challenge(), query.domain()), budget);
            List<String> checks = new ArrayList<>(verification.checks());
            List<String> warnings = new ArrayList<>(verification.warnings());
            List<String> errors = new ArrayList<>(verification.errors());
            checkSchemas(query.tenantId(), credential, verification.credentialSchemas(), budget, checks, warnings,
                    errors);
            List<StatusReference> ours = new ArrayList<>();
            for (StatusEntry entry : verification.statuses()) {
                String listId = contexts.statusListId(entry.listCredential());
                if (listId == null) {
                    warnings.add("status: " + excerpt(entry.listCredential(), 200)
                            + " is not a status list of this service, which fetches none from elsewhere: not checked");
                } else {
                    ours.add(new StatusReference(listId, entry.index(), entry.purpose(), entry.issuer()));
                }
            }
            return new CredentialVerification(List.copyOf(checks), List.copyOf(warnings), List.copyOf(errors),
                    List.copyOf(ours), null);
        } catch (OverLimitException e) {
            String field = e.property() == null ? "verifiableCredential" : "verifiableCredential." + e.property();
            return CredentialVerification.refused(Rejection.invalid(field, e.getMessage()));
        }
    }

    /**
     * Each subject against each schema the credential names, where the schema is one of the caller's tenant: then
     * the check {@code credentialSchema} passes or each violation is an error. A schema elsewhere is not fetched
     * (the service reaches no network), and another tenant's is not checked (it is neither waited for nor run on
     * its behalf; its id is public, in every credential that names it): a warning says so. Every check runs within
     * the credential's deadline; those it leaves unmade are an error that says how many, and from where.
     */
    private void checkSchemas(String tenantId, JsonObject credential, List<String> schemaUrls, WorkBudget budget,
                              List<String> checks, List<String> warnings, List<String> errors) {
        if (schemaUrls.isEmpty()) {
            return;
        }
        List<JsonObject> subjects = subjects(credential.get("credentialSubject"));
        WorkDeadline deadline = deadline(budget);
        boolean satisfied = true;
        int unmade = 0;
        String firstUnmade = null;
        for (String url : schemaUrls) {
            String shown = excerpt(url, MAX_URL);
            Optional<String> schemaId = schemas.idOf(url);
            if (schemaId.isEmpty()) {
                warnings.add("credentialSchema: " + shown
                        + " is not a schema of this service, and others are not fetched: not checked");
                satisfied = false;
                continue;
            }
            for (int i = 0; i < subjects.size(); i++) {
                String subject = subjects.size() == 1 ? "the subject" : "credentialSubject[" + i + "]";
                if (deadline.passed()) {
                    unmade += subjects.size() - i;
                    firstUnmade = firstUnmade != null ? firstUnmade : subject + " against " + shown;
                    break;
                }
                Optional<SchemaValidation> validation = schemas.validate(tenantId, schemaId.get(),
                        subjects.get(i).toString(), deadline);
                if (validation.isEmpty()) {
                    warnings.add("credentialSchema: " + shown + " is not a schema of the verifying tenant, and no "
                            + "other tenant's is checked: not checked");
                    satisfied = false;
                    break;
                }
                if (validation.get().overLimit() != null) {
                    errors.add("credentialSchema: " + subject + " could not be checked against " + shown + ": "
                            + validation.get().overLimit());
                    satisfied = false;
                }
                for (Violation violation : validation.get().violations()) {
                    errors.add("credentialSchema: " + shown + ": " + Violation.summary(List.of(violation)));
                    satisfied = false;
                }
            }
        }
        if (unmade > 0) {
            errors.add("credentialSchema: " + unmade + (unmade == 1 ? " check" : " checks") + " of a subject "
                    + "against a schema not made, from " + firstUnmade + ": " + deadline.reason());
            satisfied = false;
        }
        if (subjects.isEmpty()) {
            errors.add("credentialSchema: the credential has no subject object to check");
        } else if (satisfied) {
            checks.add("credentialSchema");
        }
    }

    private static List<JsonObject> subjects(JsonValue subject) {
        if (subject instanceof JsonObject one) {
            return List.of(one);
        }
        List<JsonObject> several = new ArrayList<>();
        if (subject instanceof JsonArray array) {
            array.forEach(value -> {
                if (value instanceof JsonObject object) {
                    several.add(object);
                }
            });
        }
        return several;
    }

    /** The credential's deadline, for checks against schemas made on its behalf. */
    static WorkDeadline deadline(WorkBudget budget) {
        return new WorkDeadline(budget.deadlineNanoTime(), budget.timeoutReason());
    }
}
