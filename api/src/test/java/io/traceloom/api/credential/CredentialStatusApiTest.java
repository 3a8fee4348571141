package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Revocation with the W3C Bitstring Status List, over HTTP: every credential names an entry of its tenant's
 * list; revoking sets the entry's bit (201, then 200 changing nothing); the list is a public, signed status
 * list credential with an entity tag; verification reads it. And the list of issued credentials.
 */
class CredentialStatusApiTest {

    private static final String BASE = "http://localhost:8080";
    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static JsonNode issue(String body) {
        Response response = http.post("/credentials/issue", body);
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("credential");
    }

    private static String bare(JsonNode credential) {
        return credential.get("id").asText().substring("urn:uuid:".length());
    }

    private static Response list(String url) {
        assertThat(url).startsWith(BASE + "/credentials/status/");
        return http.get(url.substring(BASE.length()));
    }

    private static boolean bit(JsonNode statusList, int index) throws IOException {
        String encoded = statusList.at("/credentialSubject/encodedList").asText();
        assertThat(encoded).startsWith("u");
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(
                Base64.getUrlDecoder().decode(encoded.substring(1))))) {
            byte[] bits = gzip.readAllBytes();
            assertThat(bits).hasSize(131_072 / 8);
            return (bits[index / 8] & (0x80 >>> (index % 8))) != 0;
        }
    }

    private static Response verify(JsonNode credential) {
        return http.post("/credentials/verify", "{\"verifiableCredential\":" + credential + "}");
    }

    @Test
    void aRevokedCredentialShowsInItsSignedListAndNoLongerVerifies() throws IOException {
        JsonNode credential = issue("{\"credentialSubject\":{\"id\":\"urn:x:revocable\"}}");
        JsonNode status = credential.get("credentialStatus");
        int index = Integer.parseInt(status.get("statusListIndex").asText());
        String url = status.get("statusListCredential").asText();

        Response before = list(url);
        assertThat(before.status()).isEqualTo(200);
        assertThat(before.header("Cache-Control")).contains("no-cache");
        JsonNode statusList = before.json();
        assertThat(statusList.get("id").asText()).isEqualTo(url);
        assertThat(statusList.get("type").toString()).contains("BitstringStatusListCredential");
        assertThat(statusList.get("issuer").asText()).isEqualTo(credential.get("issuer").asText());
        assertThat(statusList.at("/credentialSubject/statusPurpose").asText()).isEqualTo("revocation");
        assertThat(bit(statusList, index)).isFalse();
        assertThat(verify(statusList).status()).as("the list verifies as a credential").isEqualTo(200);
        assertThat(verify(credential).json().get("checks").toString()).contains("status");
        assertThat(list(url).body()).as("one version signs to the same credential").isEqualTo(before.body());
        assertThat(http.get(url.substring(BASE.length()), "If-None-Match", before.header("ETag")).status())
                .isEqualTo(304);

        Response revoked = http.post("/credentials/" + bare(credential) + "/revoke", "");
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(201);
        assertThat(revoked.json().get("credentialId").asText()).isEqualTo(bare(credential));
        assertThat(revoked.json().get("statusPurpose").asText()).isEqualTo("revocation");
        assertThat(revoked.json().get("statusListIndex").asText()).isEqualTo(Integer.toString(index));
        assertThat(revoked.json().get("statusListCredential").asText()).isEqualTo(url);
        assertThat(revoked.json().get("revokedAt").asText()).isNotEmpty();

        Response after = http.get(url.substring(BASE.length()), "If-None-Match", before.header("ETag"));
        assertThat(after.status()).isEqualTo(200);
        assertThat(after.header("ETag")).isNotEqualTo(before.header("ETag"));
        assertThat(bit(after.json(), index)).isTrue();
        assertThat(verify(after.json()).status()).isEqualTo(200);
        Response refused = verify(credential);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors").toString()).contains("status: the credential is revoked");

        Response again = http.post("/credentials/" + credential.get("id").asText() + "/revoke", "");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("revokedAt")).isEqualTo(revoked.json().get("revokedAt"));
        assertThat(list(url).header("ETag")).isEqualTo(after.header("ETag"));
        assertThat(http.get("/credentials/" + bare(credential)).json()).as("the credential never changes")
                .isEqualTo(credential);
    }

    @Test
    void everyCredentialGetsAnEntryOfItsOwn() {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            entries.add(issue("{}").at("/credentialStatus/id").asText());
        }
        assertThat(entries).doesNotHaveDuplicates();
    }

    @Test
    void whatCannotBeRevokedIsSaidSo() {
        assertThat(http.post("/credentials/" + UUID.randomUUID() + "/revoke", "").status()).isEqualTo(404);
        Response notAnId = http.post("/credentials/issuer:local/revoke", "");
        assertThat(notAnId.status()).isEqualTo(404);
        assertThat(notAnId.contentType()).startsWith("application/problem+json");
        assertThat(http.get("/credentials/status/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    @Test
    void aStatusListNamedByACredentialOfAnotherIssuerFailsItsStatus() throws Exception {
        JsonNode credential = issue("{}");
        com.fasterxml.jackson.databind.node.ObjectNode claimed = credential.deepCopy();
        claimed.remove("proof");
        claimed.put("issuer", "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK");
        Response verified = verify(claimed);
        assertThat(verified.status()).isEqualTo(400);
        assertThat(verified.json().get("errors").toString()).contains("is not the credential issuer's");
    }

    @Test
    void aListOfAnotherServiceIsAWarningNeverFetched() {
        JsonNode credential = issue("{}");
        String foreign = credential.toString().replace(BASE + "/credentials/status/", "https://status.example/lists/");
        Response verified = http.post("/credentials/verify", "{\"verifiableCredential\":" + foreign + "}");
        assertThat(verified.json().get("warnings").toString()).contains("https://status.example/lists/")
                .contains("not checked");
    }

    @Test
    void theStatusListTakesNoCaller() {
        for (Method method : StatusListController.class.getDeclaredMethods()) {
            assertThat(method.getParameterTypes()).as(method.toString()).doesNotContain(Caller.class, CurrentCaller.class);
        }
    }

    @Test
    void issuedCredentialsAreListedNewestFirstAndFiltered() {
        String subject = "urn:x:listed-" + UUID.randomUUID();
        JsonNode first = issue("{\"type\":\"ListedCredential\",\"credentialSubject\":{\"id\":\"" + subject + "\"}}");
        JsonNode second = issue("{\"type\":\"ListedCredential\",\"credentialSubject\":{\"id\":\"" + subject + "\"}}");
        assertThat(http.post("/credentials/" + bare(first) + "/revoke", "").status()).isEqualTo(201);

        Response all = http.get("/credentials?subject=" + subject);
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.header("X-Total-Count")).isEqualTo("2");
        assertThat(all.json().get(0)).isEqualTo(second);
        assertThat(all.json().get(1)).isEqualTo(first);
        assertThat(http.get("/credentials?subject=" + subject + "&status=revoked").json().get(0)).isEqualTo(first);
        Response active = http.get("/credentials?subject=" + subject + "&status=active&type=ListedCredential");
        assertThat(active.json()).hasSize(1);
        assertThat(active.json().get(0)).isEqualTo(second);
        assertThat(http.get("/credentials?subject=" + subject + "&status=expired").json()).isEmpty();
        assertThat(http.get("/credentials?type=ListedCredential&limit=1").json()).hasSize(1);
        assertThat(http.get("/credentials?status=gone").status()).isEqualTo(400);
        assertThat(http.get("/credentials?type=").status()).isEqualTo(400);
    }
}
