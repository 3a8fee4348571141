package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.SampleCredentials.SUITE;
import static io.traceloom.command.credential.SampleCredentials.budget;
import static io.traceloom.command.credential.SampleCredentials.newKey;
import static io.traceloom.command.credential.SampleCredentials.signed;
import static io.traceloom.command.credential.SampleCredentials.unsigned;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.traceloom.command.credential.SampleCredentials;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.StatusEntry;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.security.KeyPair;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Ed25519ProofsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");
    private final KeyPair issuer = newKey();

    @Test
    void aSignedCredentialVerifies() throws Exception {
        JsonObject credential = signed(issuer);

        JsonObject proof = credential.getJsonObject("proof");
        assertThat(proof.getString("type")).isEqualTo("DataIntegrityProof");
        assertThat(proof.getString("cryptosuite")).isEqualTo("eddsa-rdfc-2022");
        assertThat(proof.getString("proofPurpose")).isEqualTo("assertionMethod");
        assertThat(proof.getString("created")).isEqualTo("2026-11-22T03:00:00Z");
        assertThat(proof.getString("verificationMethod")).startsWith(credential.getString("issuer") + "#z6Mk");
        assertThat(proof.getString("proofValue")).startsWith("z");

        Ed25519Proofs.Verification verification = SUITE.verify(credential, NOW, budget());
        assertThat(verification.errors()).isEmpty();
        assertThat(verification.checks()).contains("proof", "issuer", "proofPurpose", "expiration", "jsonld");
    }

    @Test
    void aChangedSubjectValueFails() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject subject = Json.createObjectBuilder(credential.getJsonObject("credentialSubject"))
                .add("product", "Pears").build();

        assertThat(SUITE.verify(with(credential, "credentialSubject", subject), NOW, budget()).errors())
                .anyMatch(error -> error.startsWith("proof:"));
    }

    @Test
    void aChangedNestedSubjectValueFails() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject subject = credential.getJsonObject("credentialSubject");
        JsonObject lot = Json.createObjectBuilder(subject.getJsonObject("lot")).add("quantityKg", 1300).build();

        assertThat(SUITE.verify(with(credential, "credentialSubject",
                Json.createObjectBuilder(subject).add("lot", lot).build()), NOW, budget()).errors())
                .anyMatch(error -> error.startsWith("proof:"));
    }

    @Test
    void aChangedProofCreationTimeFails() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject proof = Json.createObjectBuilder(credential.getJsonObject("proof"))
                .add("created", "2026-11-22T03:00:01Z").build();

        assertThat(SUITE.verify(with(credential, "proof", proof), NOW, budget()).errors())
                .anyMatch(error -> error.startsWith("proof:"));
    }

    @Test
    void anotherIssuerFails() throws Exception {
        JsonObject credential = signed(issuer);
        String stranger = DidKey.did(newKey().getPublic());

        List<String> errors = SUITE.verify(with(credential, "issuer", Json.createValue(stranger)), NOW, budget()).errors();

        assertThat(errors).anyMatch(error -> error.startsWith("issuer:"));
        assertThat(errors).anyMatch(error -> error.startsWith("proof:"));
    }

    @Test
    void reorderedJsonStillVerifies() throws Exception {
        JsonObject credential = reversed(signed(issuer));

        assertThat(SUITE.verify(credential, NOW, budget()).errors()).isEmpty();
    }

    @Test
    void anExpiredCredentialFails() throws Exception {
        JsonObject credential = signed(issuer);

        assertThat(SUITE.verify(credential, Instant.parse("2100-01-01T00:00:00Z"), budget()).errors())
                .containsExactly("expiration: the credential expired at 2099-01-01T00:00:00Z");
    }

    @Test
    void anExpirationWithAnOffsetIsUnderstood() throws Exception {
        JsonObject credential = SUITE.sign(unsigned(issuer).add("expirationDate", "2099-01-01T01:00:00+01:00").build(),
                issuer.getPrivate(), issuer.getPublic(), NOW, budget());

        assertThat(SUITE.verify(credential, NOW, budget()).checks()).contains("expiration");
        assertThat(SUITE.verify(credential, Instant.parse("2099-01-01T00:00:01Z"), budget()).errors())
                .containsExactly("expiration: the credential expired at 2099-01-01T01:00:00+01:00");
    }

    @Test
    void anUnsignedCredentialFails() throws Exception {
        assertThat(SUITE.verify(unsigned(issuer).build(), NOW, budget()).errors())
                .contains("proof: the credential has no proof");
    }

    @Test
    void aPropertyNoContextDefinesIsRefused() {
        JsonObjectBuilder withoutVocabulary = unsigned(issuer).add("@context", Json.createArrayBuilder()
                .add(ContextDocuments.CREDENTIALS_V1).add(ContextDocuments.DATA_INTEGRITY_V2));

        InvalidCredentialException refused = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(withoutVocabulary.build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget()));

        assertThat(refused.property()).isEqualTo("product");
        assertThat(refused.getMessage()).contains("not defined");
    }

    @Test
    void aRelativeIdIsRefusedNotDropped() {
        JsonObjectBuilder relative = unsigned(issuer).add("credentialSubject",
                Json.createObjectBuilder().add("id", "orchards/12").add("product", "Apples"));

        InvalidCredentialException refused = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(relative.build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget()));

        assertThat(refused.getMessage()).contains("'orchards/12' is not an absolute IRI");
    }

    @Test
    void aRelativeIriInAnIdPropertyIsRefused() {
        JsonObjectBuilder relative = unsigned(issuer).add("issuer", "acme-orchards");

        InvalidCredentialException refused = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(relative.build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget()));

        assertThat(refused.getMessage()).contains("'acme-orchards' is not an absolute IRI");
    }

    @Test
    void freeFormTypesAndPropertiesAreSignedInTheServiceVocabulary() throws Exception {
        JsonObject credential = unsigned(issuer).add("credentialSubject", Json.createObjectBuilder()
                .add("type", "Orchard").add("acreage", 12)).build();

        String nquads = new StrictCanonicalizer(SampleCredentials.CONTEXTS).canonicalize(credential, budget()).nquads();

        assertThat(nquads).contains("<https://traceloom.example/contexts/traceloom/v1#Orchard>")
                .contains("<https://traceloom.example/contexts/traceloom/v1#acreage>");
    }

    @Test
    void aContextThatIsNotBundledIsRefused() {
        JsonObjectBuilder foreign = unsigned(issuer).add("@context", Json.createArrayBuilder()
                .add(ContextDocuments.CREDENTIALS_V1).add("https://example.org/other/v1"));

        InvalidCredentialException refused = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(foreign.build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget()));

        assertThat(refused.property()).isEqualTo("@context");
        assertThat(refused.getMessage()).contains("context not available");
    }

    private static ProofSettings proof(String id, List<String> previous) {
        return new ProofSettings(id, NOW.minusSeconds(60), Ed25519Proofs.ASSERTION, null, null, previous);
    }

    @Test
    void everyProofOfASetIsVerified() throws Exception {
        KeyPair witness = newKey();
        JsonObject once = SUITE.sign(unsigned(issuer).build(), issuer, proof("urn:uuid:p1", List.of()), budget());
        JsonObject twice = SUITE.sign(once, witness, proof("urn:uuid:p2", List.of()), budget());

        assertThat(twice.getJsonArray("proof")).hasSize(2);
        Ed25519Proofs.Verification verification = SUITE.verify(twice, NOW, budget());
        assertThat(verification.errors()).isEmpty();
        assertThat(verification.checks()).contains("proof", "issuer");

        JsonObject forged = Json.createObjectBuilder(twice.getJsonArray("proof").getJsonObject(1))
                .add("proofValue", once.getJsonObject("proof").getString("proofValue")).build();
        JsonObject tampered = with(twice, "proof", Json.createArrayBuilder()
                .add(twice.getJsonArray("proof").getJsonObject(0)).add(forged).build());
        assertThat(SUITE.verify(tampered, NOW, budget()).errors())
                .containsExactly("proof[1]: the signature does not match the credential");
    }

    @Test
    void aChainedProofSignsTheProofItFollowsAndNeedsIt() throws Exception {
        KeyPair notary = newKey();
        JsonObject first = SUITE.sign(unsigned(issuer).build(), issuer, proof("urn:uuid:p1", List.of()), budget());
        JsonObject chained = SUITE.sign(first, notary, proof("urn:uuid:p2", List.of("urn:uuid:p1")), budget());

        assertThat(chained.getJsonArray("proof").getJsonObject(1).getString("previousProof")).isEqualTo("urn:uuid:p1");
        assertThat(SUITE.verify(chained, NOW, budget()).errors()).isEmpty();

        JsonObject alone = with(chained, "proof", chained.getJsonArray("proof").getJsonObject(1));
        assertThat(SUITE.verify(alone, NOW, budget()).errors())
                .contains("proof: previousProof names no other proof of the credential: urn:uuid:p1");

        JsonObject firstChanged = Json.createObjectBuilder(chained.getJsonArray("proof").getJsonObject(0))
                .add("created", "2026-11-22T03:00:01Z").build();
        JsonObject broken = with(chained, "proof", Json.createArrayBuilder().add(firstChanged)
                .add(chained.getJsonArray("proof").getJsonObject(1)).build());
        assertThat(SUITE.verify(broken, NOW, budget()).errors())
                .contains("proof[0]: the signature does not match the credential")
                .anyMatch(error -> error.startsWith("proof[1]:"));

        InvalidCredentialException unknown = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(first, notary, proof("urn:uuid:p3", List.of("urn:uuid:none")), budget()));
        assertThat(unknown.property()).isEqualTo("previousProof");
    }

    @Test
    void theExpectedPurposeChallengeAndDomainAreRequired() throws Exception {
        JsonObject credential = SUITE.sign(unsigned(issuer).build(), issuer,
                new ProofSettings(null, NOW, "authentication", "c-123", "example.org", List.of()), budget());

        assertThat(SUITE.verify(credential, NOW, budget()).errors())
                .containsExactly("proofPurpose: must be assertionMethod, not authentication");
        assertThat(SUITE.verify(credential, NOW, new Ed25519Proofs.Expectations("authentication", "c-123",
                "example.org"), budget()).errors()).isEmpty();
        assertThat(SUITE.verify(credential, NOW, new Ed25519Proofs.Expectations("authentication", "other", null),
                budget()).errors()).containsExactly("proof: challenge must be other");
        assertThat(SUITE.verify(credential, NOW, new Ed25519Proofs.Expectations("authentication", null, "x.org"),
                budget()).errors()).containsExactly("proof: domain must be x.org");
    }

    @Test
    void statusEntriesAreReadFromTheSignedData() throws Exception {
        JsonObjectBuilder entry = Json.createObjectBuilder().add("id", "https://lists.example/1#7")
                .add("type", "BitstringStatusListEntry").add("statusPurpose", "revocation")
                .add("statusListIndex", "7").add("statusListCredential", "https://lists.example/1");
        JsonObject credential = SUITE.sign(unsigned(issuer).add("@context", Json.createArrayBuilder()
                        .add(ContextDocuments.CREDENTIALS_V1).add(ContextDocuments.DATA_INTEGRITY_V2)
                        .add(ContextDocuments.BITSTRING_STATUS_LIST_V1).add(SampleCredentials.CONTEXTS.traceloomContext()))
                .add("credentialStatus", entry).build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget());

        Ed25519Proofs.Verification verification = SUITE.verify(credential, NOW, budget());
        assertThat(verification.errors()).isEmpty();
        assertThat(verification.statuses()).containsExactly(
                new StatusEntry("revocation", 7, "https://lists.example/1",
                DidKey.did(issuer.getPublic())));

        JsonObjectBuilder unsigned = Json.createObjectBuilder(credential).add("credentialStatus",
                Json.createObjectBuilder(credential.getJsonObject("credentialStatus")).add("statusListIndex", 7));
        unsigned.remove("proof");
        JsonObject numeric = SUITE.sign(unsigned.build(), issuer.getPrivate(), issuer.getPublic(), NOW, budget());
        assertThat(SUITE.verify(Json.createObjectBuilder(numeric).build(), NOW, budget()).errors())
                .containsExactly("status: statusListIndex must be a single string");
    }

    @Test
    void didKeysRoundTrip() {
        KeyPair key = newKey();
        String did = DidKey.did(key.getPublic());

        assertThat(did).startsWith("did:key:z6Mk");
        assertThat(DidKey.publicKey(did)).isEqualTo(key.getPublic());
        assertThat(DidKey.publicKey(DidKey.verificationMethod(key.getPublic()))).isEqualTo(key.getPublic());
        assertThat(DidKey.controller(DidKey.verificationMethod(key.getPublic()))).isEqualTo(did);
    }

    private static JsonObject with(JsonObject object, String key, JsonValue value) {
        return Json.createObjectBuilder(object).add(key, value).build();
    }

    /** The same object with every member in reverse order, recursively. */
    private static JsonObject reversed(JsonObject object) {
        List<Map.Entry<String, JsonValue>> entries = new ArrayList<>(object.entrySet());
        Collections.reverse(entries);
        JsonObjectBuilder builder = Json.createObjectBuilder();
        for (Map.Entry<String, JsonValue> entry : entries) {
            JsonValue value = entry.getValue();
            builder.add(entry.getKey(), value instanceof JsonObject nested ? reversed(nested) : value);
        }
        return builder.build();
    }
}
