package io.traceloom.command.credential;

import static io.traceloom.command.credential.SampleCredentials.SUITE;
import static io.traceloom.command.credential.SampleCredentials.budget;
import static io.traceloom.command.credential.SampleCredentials.newKey;
import static io.traceloom.command.credential.SampleCredentials.signed;
import static io.traceloom.command.credential.SampleCredentials.unsigned;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import io.traceloom.command.credential.proof.DidKey;
import io.traceloom.command.credential.proof.Ed25519Proofs;
import io.traceloom.command.credential.proof.WorkBudget;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an attacker sends: credentials whose parts would escape the signature, and credentials built to
 * make signing or verifying cost minutes. Each is refused, and quickly (the time limits here are only
 * guards against hanging, far above what the refusals take).
 */
class HostileCredentialsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");
    private static final Duration GUARD = Duration.ofSeconds(10);
    private final KeyPair issuer = newKey();

    private InvalidCredentialException refusalOf(JsonObject subject) {
        return refusalOf(subject, budget());
    }

    private InvalidCredentialException refusalOf(JsonObject subject, WorkBudget budget) {
        JsonObject credential = unsigned(issuer).add("credentialSubject", subject).build();
        long started = System.nanoTime();
        InvalidCredentialException refused = catchThrowableOfType(InvalidCredentialException.class,
                () -> SUITE.sign(credential, issuer.getPrivate(), issuer.getPublic(), NOW, budget));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(GUARD);
        assertThat(refused).as("refused").isNotNull();
        return refused;
    }

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    @ParameterizedTest
    @ValueSource(strings = {"total amount", "a<b", "a>b", "a{b", "a}b", "a|b", "a\\b", "a^b", "a\"b"})
    void aPropertyNameThatIsNoIriIsRefusedNamingIt(String name) {
        InvalidCredentialException refused = refusalOf(Json.createObjectBuilder()
                .add("id", "urn:x:1").add(name, "A").build());

        assertThat(refused.property()).isEqualTo(name);
        assertThat(refused.getMessage()).contains("not an absolute IRI").contains("would not be signed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"urn:x:1 2", "urn:x:<1>", "urn:x:{1}", "urn:x:1|2", "urn:x:1\\2", "urn:x:1^2",
            "urn:x:\"1\""})
    void idsTypesAndReferencesThatAreNoIrisAreRefused(String iri) {
        assertThat(refusalOf(Json.createObjectBuilder().add("id", iri).build()).getMessage())
                .contains("not an absolute IRI");
        assertThat(refusalOf(Json.createObjectBuilder().add("id", "urn:x:1").add("type", iri).build())
                .getMessage()).contains("not an absolute IRI");
        InvalidCredentialException reference = refusalOf(Json.createObjectBuilder().add("id", "urn:x:1")
                .add("partner", Json.createObjectBuilder().add("id", iri)).build());
        assertThat(reference.property()).isEqualTo("partner");
        assertThat(reference.getMessage()).contains("not an absolute IRI");
    }

    @Test
    void aRelativeIdOrReferenceIsRefused() {
        assertThat(refusalOf(Json.createObjectBuilder().add("id", "orchards/12").build()).getMessage())
                .contains("not an absolute IRI");
        assertThat(refusalOf(Json.createObjectBuilder().add("id", "urn:x:1")
                .add("partner", Json.createObjectBuilder().add("id", "../acme")).build()).property())
                .isEqualTo("partner");
    }

    @Test
    void whatJsonLdWouldDropIsRefused() {
        assertThat(refusalOf(json("{\"id\":\"urn:x:1\",\"note\":null}")).property()).isEqualTo("credentialSubject.note");
        assertThat(refusalOf(json("{\"id\":\"urn:x:1\",\"@note\":\"x\"}")).getMessage()).contains("keyword");
        assertThat(refusalOf(json("{\"id\":\"urn:x:1\",\"n\":{\"@value\":\"x\",\"@index\":\"i\"}}")).getMessage())
                .contains("@index");
        assertThat(refusalOf(json("{\"id\":\"urn:x:1\",\"n\":{\"@value\":\"x\",\"@language\":\"not a tag\"}}"))
                .getMessage()).contains("language tag");
        assertThat(refusalOf(json("{\"@context\":{\"n\":null},\"n\":\"x\"}")).getMessage()).contains("contexts");
        assertThat(refusalOf(json("{\"n\":{\"@value\":\"x\",\"@type\":\"not an iri\"}}")).getMessage())
                .contains("INVALID_TYPED_VALUE");
    }

    @Test
    void aValidCredentialWithListsAndLookAlikeObjectsIsSigned() throws Exception {
        JsonObject subject = json("{\"id\":\"urn:x:1\",\"lots\":[{\"kg\":1},{\"kg\":1},{\"kg\":2}],"
                + "\"route\":{\"@list\":[\"a\",\"b\",{\"stop\":1}]},\"name\":{\"@value\":\"Äpfel\",\"@language\":\"de\"}}");
        JsonObject credential = SUITE.sign(unsigned(issuer).add("credentialSubject", subject).build(),
                issuer.getPrivate(), issuer.getPublic(), NOW, budget());

        assertThat(SUITE.verify(credential, NOW, budget()).errors()).isEmpty();
    }

    @Test
    void anIssuerObjectWithANameVerifies() throws Exception {
        JsonObject credential = SUITE.sign(unsigned(issuer).add("issuer", Json.createObjectBuilder()
                        .add("id", DidKey.did(issuer.getPublic())).add("name", "Acme Orchards")).build(),
                issuer.getPrivate(), issuer.getPublic(), NOW, budget());

        Ed25519Proofs.Verification verification = SUITE.verify(credential, NOW, budget());

        assertThat(verification.errors()).isEmpty();
        assertThat(verification.checks()).contains("issuer");
    }

    @Test
    void lookAlikeBlankNodesCostingFactorialWorkAreRefusedQuickly() {
        JsonArrayBuilder tens = Json.createArrayBuilder();
        for (int i = 0; i < 10; i++) {
            tens.add(Json.createObjectBuilder().add("z", 1));
        }
        JsonValue ten = tens.build();
        JsonObject subject = Json.createObjectBuilder().add("x", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("y", ten)).add(Json.createObjectBuilder().add("y", ten))).build();

        InvalidCredentialException refused = refusalOf(subject);

        assertThat(refused).isInstanceOf(OverLimitException.class);
        assertThat(refused.getMessage()).contains("max-canonicalization-steps");
    }

    @Test
    void aLongListOfLookAlikeItemsIsRefusedQuickly() {
        JsonArrayBuilder items = Json.createArrayBuilder();
        for (int i = 0; i < 800; i++) {
            items.add(Json.createObjectBuilder().add("z", 1));
        }
        JsonObject subject = Json.createObjectBuilder()
                .add("x", Json.createObjectBuilder().add("@list", items)).build();

        InvalidCredentialException refused = refusalOf(subject);

        assertThat(refused).isInstanceOf(OverLimitException.class);
        assertThat(refused.getMessage()).contains("max-look-alike-blank-nodes");
    }

    @Test
    void theDeadlineStopsCanonicalizationInsideItsLoops() {
        Limits unbounded = new Limits(Duration.ofMillis(300), 32, 1000, 1000, 2000, 20000, 128, Integer.MAX_VALUE);
        JsonArrayBuilder tens = Json.createArrayBuilder();
        for (int i = 0; i < 10; i++) {
            tens.add(Json.createObjectBuilder().add("z", 1));
        }
        JsonValue ten = tens.build();
        JsonObject subject = Json.createObjectBuilder().add("x", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("y", ten)).add(Json.createObjectBuilder().add("y", ten))).build();

        InvalidCredentialException refused = refusalOf(subject, WorkBudget.start(unbounded));

        assertThat(refused).isInstanceOf(OverLimitException.class);
        assertThat(refused.getMessage()).contains("traceloom.credentials.limits.timeout");
    }

    @Test
    void manyValuesOfOnePropertyAreRefusedBeforeQuadraticWork() {
        JsonArrayBuilder numbers = Json.createArrayBuilder();
        for (int i = 0; i < 100_000; i++) {
            numbers.add(i);
        }
        InvalidCredentialException refused = refusalOf(Json.createObjectBuilder().add("n", numbers).build());

        assertThat(refused).isInstanceOf(OverLimitException.class);
        assertThat(refused.property()).isEqualTo("credentialSubject.n");
        assertThat(refused.getMessage()).contains("max-array-items");
    }

    @Test
    void valuesGatheredFromObjectsSharingAnIdCountTogether() {
        JsonArrayBuilder parts = Json.createArrayBuilder();
        for (int part = 0; part < 20; part++) {
            JsonArrayBuilder numbers = Json.createArrayBuilder();
            for (int i = 0; i < 100; i++) {
                numbers.add(part * 100 + i);
            }
            parts.add(Json.createObjectBuilder().add("id", "urn:x:same").add("n", numbers));
        }
        InvalidCredentialException refused = refusalOf(Json.createObjectBuilder().add("parts", parts).build());

        assertThat(refused.property()).isEqualTo("n");
        assertThat(refused.getMessage()).contains("max-values-per-property");
    }

    @ParameterizedTest
    @ValueSource(ints = {33, 600, 999})
    void deepNestingIsRefusedBeforeAnyRecursion(int depth) {
        JsonValue nested = Json.createObjectBuilder().add("z", 1).build();
        for (int i = 0; i < depth; i++) {
            nested = Json.createObjectBuilder().add("a", nested).build();
        }
        InvalidCredentialException refused = refusalOf(Json.createObjectBuilder().add("a", nested).build());

        assertThat(refused).isInstanceOf(OverLimitException.class);
        assertThat(refused.getMessage()).contains("max-depth");
        assertThat(refused.property()).startsWith("credentialSubject.a.a");
    }

    @Test
    void errorMessagesQuoteOnlyAnExcerpt() {
        String name = "x ".repeat(50_000);

        InvalidCredentialException refused = refusalOf(Json.createObjectBuilder().add(name, 1).build());

        assertThat(refused.getMessage().length()).isLessThan(300);
        assertThat(refused.property().length()).isLessThan(100);
    }

    @Test
    void anOversizedProofValueOrKeyIsRefusedBeforeDecoding() throws Exception {
        JsonObject credential = signed(issuer);
        String base58 = "z" + "2".repeat(200_000);

        for (Supplier<JsonObject> forged : List.<Supplier<JsonObject>>of(
                () -> withProof(credential, "proofValue", base58),
                () -> withProof(credential, "verificationMethod", "did:key:" + base58 + "#" + base58))) {
            long started = System.nanoTime();
            OverLimitException refused = catchThrowableOfType(OverLimitException.class,
                    () -> SUITE.verify(forged.get(), NOW, budget()));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(GUARD);
            assertThat(refused).isNotNull();
            assertThat(refused.property()).startsWith("proof.");
        }
    }

    @Test
    void anExpiredCredentialRewrittenAsAnArrayOrValueObjectFails() throws Exception {
        JsonObject credential = SUITE.sign(unsigned(issuer).add("expirationDate", "2026-11-22T03:30:00Z").build(),
                issuer.getPrivate(), issuer.getPublic(), NOW.minusSeconds(3600), budget());
        assertThat(SUITE.verify(credential, NOW, budget()).errors()).anyMatch(error -> error.startsWith("expiration:"));

        for (JsonValue rewritten : List.<JsonValue>of(
                Json.createArrayBuilder().add("2026-11-22T03:30:00Z").build(),
                Json.createObjectBuilder().add("@value", "2026-11-22T03:30:00Z")
                        .add("@type", "http://www.w3.org/2001/XMLSchema#dateTime").build())) {
            JsonObject forged = Json.createObjectBuilder(credential).add("expirationDate", rewritten).build();
            List<String> errors = SUITE.verify(forged, NOW, budget()).errors();
            assertThat(errors).as(rewritten.toString()).anyMatch(error -> error.startsWith("expirationDate:"));
        }
        JsonObject aliased = Json.createObjectBuilder(credential).remove("expirationDate")
                .add("https://www.w3.org/2018/credentials#expirationDate", Json.createObjectBuilder()
                        .add("@value", "2026-11-22T03:30:00Z")
                        .add("@type", "http://www.w3.org/2001/XMLSchema#dateTime")).build();
        assertThat(SUITE.verify(aliased, NOW, budget()).errors()).anyMatch(error -> error.startsWith("expiration:"));
    }

    @Test
    void aSecondExpirationThroughAnAliasFails() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject twice = Json.createObjectBuilder(credential)
                .add("https://www.w3.org/2018/credentials#expirationDate", Json.createObjectBuilder()
                        .add("@value", "2020-01-01T00:00:00Z")
                        .add("@type", "http://www.w3.org/2001/XMLSchema#dateTime")).build();

        assertThat(SUITE.verify(twice, NOW, budget()).errors()).anyMatch(error -> error.startsWith("expirationDate:"));
    }

    @Test
    void aTamperedPropertyThatTheSignatureDidNotCoverFailsVerificationNamingIt() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject subject = Json.createObjectBuilder(credential.getJsonObject("credentialSubject"))
                .add("total amount", "TAMPERED").build();

        List<String> errors = SUITE.verify(Json.createObjectBuilder(credential).add("credentialSubject", subject)
                .build(), NOW, budget()).errors();

        assertThat(errors).anyMatch(error -> error.startsWith("jsonld: total amount:"));
    }

    @Test
    void aNotYetValidCredentialFails() throws Exception {
        JsonObject credential = signed(issuer);

        assertThat(SUITE.verify(credential, Instant.parse("2026-11-22T02:00:00Z"), budget()).errors())
                .anyMatch(error -> error.startsWith("issuanceDate:"));
    }

    @Test
    void proofFieldsInAnotherFormFail() throws Exception {
        JsonObject credential = signed(issuer);
        JsonObject proof = credential.getJsonObject("proof");

        for (String field : List.of("type", "cryptosuite", "proofPurpose", "verificationMethod", "created")) {
            JsonObject forged = Json.createObjectBuilder(credential).add("proof", Json.createObjectBuilder(proof)
                    .add(field, Json.createArrayBuilder().add(proof.get(field)))).build();
            assertThat(SUITE.verify(forged, NOW, budget()).errors()).as(field).isNotEmpty();
        }
        JsonObject purposeTwice = Json.createObjectBuilder(credential).add("proof", Json.createObjectBuilder(proof)
                .add("https://w3id.org/security#proofPurpose", Json.createObjectBuilder()
                        .add("@id", "https://w3id.org/security#authenticationMethod"))).build();
        assertThat(SUITE.verify(purposeTwice, NOW, budget()).errors()).isNotEmpty();
    }

    private static JsonObject withProof(JsonObject credential, String field, String value) {
        JsonObjectBuilder proof = Json.createObjectBuilder(credential.getJsonObject("proof")).add(field, value);
        return Json.createObjectBuilder(credential).add("proof", proof).build();
    }
}
