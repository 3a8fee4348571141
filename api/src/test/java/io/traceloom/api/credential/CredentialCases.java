package io.traceloom.api.credential;

import static io.traceloom.api.support.HostileFamilies.UNKNOWN_ID;
import static io.traceloom.api.support.HostileFamilies.history;
import static io.traceloom.api.support.HostileFamilies.malformedBodies;
import static io.traceloom.api.support.HostileFamilies.pagingAbuse;
import static io.traceloom.api.support.HostileFamilies.pathTricks;
import static io.traceloom.api.support.HostileFamilies.wrongMethods;
import static io.traceloom.api.support.HostileRequest.get;
import static io.traceloom.api.support.HostileRequest.json;
import static io.traceloom.api.support.HostileRequest.request;
import static io.traceloom.api.support.IsolationProbe.created;
import static io.traceloom.api.support.IsolationProbe.creates;
import static io.traceloom.api.support.IsolationProbe.lists;
import static io.traceloom.api.support.IsolationProbe.notFound;
import static io.traceloom.api.support.IsolationProbe.publicly;
import static io.traceloom.api.support.IsolationProbe.refused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.traceloom.api.support.ByIdProbe;
import io.traceloom.api.support.FeatureCases;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.HostileRequest;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.IsolationProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The credentials', their status lists' and the VC API's cases for the shared suites (see {@link FeatureCases}):
 * their hostile inputs, their probes of tenant isolation and of reads by id, the resources those need, and what
 * their lists show.
 */
public final class CredentialCases implements FeatureCases {

    public static final String ISSUE = "/credentials/issue";
    public static final String VERIFY = "/credentials/verify";
    public static final String CREDENTIALS = "/credentials";
    public static final String CONTEXT = "/contexts/traceloom/v1";
    public static final String VC_ISSUE = "/vc-api/credentials/issue";
    public static final String VC_VERIFY = "/vc-api/credentials/verify";
    public static final String ISSUER = "/credentials/issuer";
    public static final String STATUS_LISTS = "/credentials/status";
    public static final String REVOKE = CREDENTIALS + "/" + UNKNOWN_ID + "/revoke";

    @Override
    public String feature() {
        return "credential";
    }

    @Override
    public List<HostileRequest> hostileInputs() {
        List<HostileRequest> cases = new ArrayList<>(issueCredential());
        cases.addAll(verifyCredential(VERIFY));
        cases.addAll(verifyCredential(VC_VERIFY));
        cases.addAll(vcApiIssue());
        cases.addAll(credentialsAndContext());
        cases.addAll(statusAndRevocation());
        for (String path : List.of(ISSUE, VERIFY, VC_ISSUE, VC_VERIFY)) {
            cases.addAll(malformedBodies(path));
        }
        cases.addAll(pagingAbuse(CREDENTIALS));
        cases.addAll(pathTricks(CREDENTIALS));
        cases.addAll(pathTricks(STATUS_LISTS));
        for (String path : List.of(ISSUE, VERIFY, CREDENTIALS + "/" + UNKNOWN_ID, CREDENTIALS, VC_ISSUE, VC_VERIFY,
                ISSUER, REVOKE, STATUS_LISTS + "/" + UNKNOWN_ID, CONTEXT)) {
            cases.addAll(wrongMethods(path));
        }
        cases.addAll(history(CREDENTIALS));
        cases.add(get(CREDENTIALS + "/urn:uuid:" + UNKNOWN_ID + "/history").expect(404));
        return cases;
    }

    static List<HostileRequest> issueCredential() {
        String deepSubject = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        return List.of(
                json(ISSUE, "{\"type\":42}").expect(400, "type"),
                json(ISSUE, "{\"type\":{}}").expect(400, "type"),
                json(ISSUE, "{\"type\":[1,2]}").expect(400, "type"),
                json(ISSUE, "{\"type\":[\"\"]}").expect(400, "type"),
                json(ISSUE, "{\"type\":[[\"TraceabilityCredential\"]]}").expect(400, "type"),
                json(ISSUE, "{\"credentialSubject\":[]}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":\"me\"}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":7}").expect(400, "credentialSubject"),
                json(ISSUE, "{\"credentialSubject\":" + deepSubject + "}").named("a subject nested 70 deep")
                        .expect(400),
                json(ISSUE, "{\"credentialSubject\":{\"lot\":1,\"lot\":2}}").expect(400, "credentialSubject.lot"),
                json(ISSUE, "{\"credentialSubject\":{\"note\\u0000\":\"x\"}}").expect(400),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"bell\\u0007\"}}").expect(400, "credentialSubject.note"),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"\\udfff\"}}").expect(400, "credentialSubject.note"),
                json(ISSUE, "{\"credentialSubject\":{\"note\":\"" + "x".repeat(200_000) + "\"},\"proof\":{}}")
                        .named("a 200 000 character subject beside a proof").expect(400, "proof"),
                json(ISSUE, "{\"schemaId\":42}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":[\"" + UNKNOWN_ID + "\"]}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"" + UNKNOWN_ID + "\"}").named("a schema nobody stored").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"../../etc/passwd\"}").expect(400, "schemaId"),
                json(ISSUE, "{\"schemaId\":\"" + "s".repeat(100_000) + "\"}").named("a 100 000 character schemaId")
                        .expect(400, "schemaId"),
                json(ISSUE, "{\"expirationDate\":12}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":1.5e9}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"tomorrow\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"2030-01-01\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"2000-01-01T00:00:00Z\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":\"+999999999-12-31T23:59:59Z\"}").expect(400, "expirationDate"),
                json(ISSUE, "{\"expirationDate\":[]}").expect(400, "expirationDate"),
                json(ISSUE, "{\"@context\":\"https://www.w3.org/2018/credentials/v1\"}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[1]}").expect(400, "@context[0]"),
                json(ISSUE, "{\"@context\":[{\"@vocab\":\"https://evil.example/\"}]}").expect(400, "@context[0]"),
                json(ISSUE, "{\"@context\":[\"https://evil.example/context.jsonld\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[\"file:///etc/passwd\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[\"http://169.254.169.254/latest/meta-data/\"]}").expect(400, "@context"),
                json(ISSUE, "{\"@context\":[" + "\"https://evil.example/c\",".repeat(20_000) + "\"x\"]}")
                        .named("20 000 unknown contexts").expect(400, "@context"),
                json(ISSUE, "{\"issuer\":\"did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH\"}")
                        .expect(400, "issuer"),
                json(ISSUE, "{\"id\":\"urn:uuid:" + UNKNOWN_ID + "\"}").expect(400, "id"),
                json(ISSUE, "{\"issuanceDate\":\"2020-01-01T00:00:00Z\"}").expect(400, "issuanceDate"),
                json(ISSUE, "{\"type\":\"VerifiableCredential\",\"type\":\"Other\"}").expect(400, "type"),
                json(ISSUE, "{\"credentialSubject\":{\"id\":\"relative/iri\"}}").expect(400));
    }

    /** The spec's verify and the VC-API's take the same body. */
    static List<HostileRequest> verifyCredential(String path) {
        String deep = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        return List.of(
                json(path, "{\"verifiableCredential\":{},\"options\":{\"checks\":[\"proof\"]}}")
                        .expect(400, "options.checks"),
                json(path, "{\"verifiableCredential\":{},\"options\":{\"challenge\":1}}")
                        .expect(400, "options.challenge"),
                json(path, "{\"verifiableCredential\":{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],"
                        + "\"type\":[\"VerifiableCredential\"],\"proof\":[" + "{},".repeat(20) + "{}]}}")
                        .named("a credential of 21 proofs").expect(400, "verifiableCredential.proof"),
                json(path, "{}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":null}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":1}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":\"eyJhbGciOiJFZERTQSJ9.e30.sig\"}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":[]}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":{}}").expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":{\"type\":\"VerifiableCredential\"}}")
                        .expect(400, "verifiableCredential"),
                json(path, "{\"verifiableCredential\":" + deep + "}").named("a credential nested 70 deep").expect(400),
                json(path, "{\"verifiableCredential\":{\"@context\":[],\"@context\":[],\"type\":[]}}")
                        .expect(400, "verifiableCredential.@context"),
                json(path, "{\"verifiableCredential\":{\"@context\":[\"\\u0000\"],\"type\":[]}}").expect(400),
                json(path, "{\"verifiableCredential\":{},\"options\":[]}").expect(400, "options"),
                json(path, "{\"verifiableCredential\":{},\"options\":\"all\"}").expect(400, "options"),
                json(path, "{\"credential\":{}}").expect(400, "credential"),
                json(path, "{\"verifiableCredential\":{},\"presentation\":{}}").expect(400, "presentation"));
    }

    static List<HostileRequest> credentialsAndContext() {
        return List.of(
                get(CREDENTIALS + "/" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/urn:uuid:" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/urn:uuid:").expect(404),
                get(CREDENTIALS + "/urn%3Auuid%3A" + UNKNOWN_ID).expect(404),
                get(CREDENTIALS + "/" + UNKNOWN_ID + "?format=jwt").expect(400, "format"),
                get(CREDENTIALS + "/" + UNKNOWN_ID).header("Accept: application/xml").expect(406),
                get(CREDENTIALS + "?status=gone").expect(400, "status"),
                get(CREDENTIALS + "?status=").expect(400, "status"),
                get(CREDENTIALS + "?status=active&status=revoked").expect(400, "status"),
                get(CREDENTIALS + "?type=").expect(400, "type"),
                get(CREDENTIALS + "?subject=").expect(400, "subject"),
                get(CREDENTIALS + "?type=a&type=b").expect(400, "type"),
                get(CONTEXT + "?version=2").expect(400, "version"),
                get("/contexts/traceloom/v2").expect(404),
                get("/contexts/traceloom/v1/").expect(404),
                get("/contexts/traceloom/v1.jsonld").expect(404),
                get("/contexts/../credentials/issue").named("a path with .. (not normalized: Spring Security's firewall)")
                        .expect(400),
                get(CONTEXT).header("Accept: text/html").expect(406));
    }

    static List<HostileRequest> vcApiIssue() {
        String deep = "{\"a\":".repeat(70) + "1" + "}".repeat(70);
        String v2 = "{\"@context\":[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                + "\"credentialSubject\":{\"id\":\"urn:x:1\"}";
        return List.of(
                json(VC_ISSUE, "{}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":null}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":[]}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":\"eyJhbGciOiJFZERTQSJ9.e30.sig\"}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":{},\"credential\":{}}").expect(400, "credential"),
                json(VC_ISSUE, "{\"credential\":{}}").expect(400, "credential.@context"),
                json(VC_ISSUE, "{\"credential\":{\"@context\":\"https://example.org/v1\"}}").expect(400,
                        "credential.@context"),
                json(VC_ISSUE, "{\"credential\":{\"@context\":[{\"@vocab\":\"https://evil.example/\"}]}}").expect(400,
                        "credential.@context"),
                json(VC_ISSUE, "{\"credential\":" + v2 + "}}").expect(400, "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + v2 + ",\"issuer\":{\"name\":\"x\"}}}").expect(400,
                        "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + v2 + ",\"issuer\":"
                        + "\"did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH\"}}").expect(400, "credential.issuer"),
                json(VC_ISSUE, "{\"credential\":" + deep + "}").named("a credential nested 70 deep").expect(400),
                json(VC_ISSUE, "{\"credential\":{},\"options\":[]}").expect(400, "options"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"type\":\"Ed25519Signature2018\"}}")
                        .expect(400, "options.type"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"created\":\"tomorrow\"}}")
                        .expect(400, "options.created"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"previousProof\":1}}")
                        .expect(400, "options.previousProof"),
                json(VC_ISSUE, "{\"credential\":{},\"options\":{\"previousProof\":[\"\"]}}")
                        .expect(400, "options.previousProof"),
                json(VC_ISSUE, "{\"credential\":{},\"verifiableCredential\":{}}").expect(400, "verifiableCredential"));
    }

    /** Status lists are public and read-only; revocation takes no body. */
    static List<HostileRequest> statusAndRevocation() {
        return List.of(
                get(STATUS_LISTS + "/" + UNKNOWN_ID).expect(404),
                get(STATUS_LISTS).expect(404),
                get(STATUS_LISTS + "/" + UNKNOWN_ID + "?format=jwt").expect(400, "format"),
                get(ISSUER + "?did=other").expect(400, "did"),
                request("POST", REVOKE).expect(404),
                request("POST", "/credentials/issuer:local/revoke").expect(404),
                request("POST", "/credentials/status-lists:local/revoke").expect(404),
                request("POST", "/credentials/urn:uuid:" + UNKNOWN_ID + "/revoke").expect(404),
                request("POST", REVOKE + "?reason=lost").expect(400, "reason"),
                request("GET", REVOKE).expect(405),
                request("POST", ISSUER).expect(405));
    }

    @Override
    public List<IsolationProbe> isolationProbes() {
        return List.of(
                creates("POST /credentials/issue", "/credentials/issue", "{}"),
                refused("POST /credentials/issue", "/credentials/issue", "{\"issuer\":\"{issuer}\"}"),
                refused("POST /credentials/issue", "/credentials/issue",
                        "{\"schemaId\":\"{schema}\",\"credentialSubject\":{\"id\":\"urn:x:1\",\"lot\":\"L1\"}}"),
                notFound("GET /credentials/{id}", "/credentials/{credential}"),
                notFound("GET /credentials/{id}/history", "/credentials/{credential}/history"),
                notFound("GET /credentials/{id}", "/credentials/{credential}?asOf={now}"),
                creates("POST /credentials/verify", "/credentials/verify", "{\"verifiableCredential\":{credentialJson}}"),
                lists("GET /credentials", "/credentials?limit=100"),
                lists("GET /credentials/issuer", "/credentials/issuer"),
                notFound("POST /credentials/{id}/revoke", "/credentials/{credential}/revoke"),
                publicly("GET /credentials/status/{listId}", "/credentials/status/{statusList}"),
                creates("POST /vc-api/credentials/issue", "/vc-api/credentials/issue", "{\"credential\":{\"@context\":"
                        + "[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                        + "\"issuer\":\"{mine.issuer}\",\"credentialSubject\":{\"id\":\"urn:x:theirs\"}}}"),
                refused("POST /vc-api/credentials/issue", "/vc-api/credentials/issue", "{\"credential\":{\"@context\":"
                        + "[\"https://www.w3.org/ns/credentials/v2\"],\"type\":[\"VerifiableCredential\"],"
                        + "\"issuer\":\"{issuer}\",\"credentialSubject\":{\"id\":\"urn:x:theirs\"}}}"),
                creates("POST /vc-api/credentials/verify", "/vc-api/credentials/verify",
                        "{\"verifiableCredential\":{credentialJson}}"),
                publicly("GET /contexts/traceloom/v1", "/contexts/traceloom/v1"));
    }

    @Override
    public void ownForIsolation(Http http, Map<String, String> owned) {
        Response credential = http.post("/credentials/issue", "{}");
        JsonNode issued = created(credential);
        owned.put("credential", credential.header("Location").replaceAll(".*/", ""));
        owned.put("credentialJson", issued.get("credential").toString());
        owned.put("issuer", issued.at("/credential/issuer").asText());
        owned.put("statusList", issued.at("/credential/credentialStatus/statusListCredential").asText()
                .replaceAll(".*/", ""));
    }

    @Override
    public Set<String> ownedIds() {
        return Set.of("credential", "issuer");
    }

    @Override
    public List<String> ownedReads() {
        return List.of("/credentials/{credential}");
    }

    @Override
    public List<ByIdProbe> byIdProbes() {
        return List.of(
                new ByIdProbe("GET", "/credentials/{credential}", null, 200),
                new ByIdProbe("POST", "/credentials/{credential}/revoke", null, 201),
                new ByIdProbe("GET", "/credentials/{credential}/history", null, 200),
                new ByIdProbe("GET", "/credentials/{credential}?asOf={now}", null, 200));
    }

    @Override
    public void ownForProbes(Http http, Map<String, String> owned) {
        Response credential = http.post("/credentials/issue", "{}");
        assertThat(credential.status()).isEqualTo(201);
        owned.put("credential", credential.header("Location").replaceAll(".*/", ""));
    }

    @Override
    public void listed(Http http, ObjectNode all) {
        all.set("credentials", Fixtures.list(http, "/credentials?limit=100"));
    }
}
