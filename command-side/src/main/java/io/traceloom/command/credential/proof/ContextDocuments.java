package io.traceloom.command.credential.proof;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.document.Document;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.jsonld.loader.DocumentLoader;
import com.apicatalog.jsonld.loader.DocumentLoaderOptions;
import io.traceloom.command.credential.model.CredentialModel;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;

/**
 * The only JSON-LD contexts credentials may use, bundled with the service as published (credentials v1
 * and v2, Data Integrity v2, Ed25519Signature2020 v1, Bitstring Status List v1; see contexts/LICENSES.md):
 * nothing is fetched at run time, and every other URL is refused. The service's own context gives free-form credential subject
 * properties a vocabulary ({@code @vocab}), so no property escapes the signature; its IRI is the
 * service's public base URL plus the path where the API serves it.
 */
public final class ContextDocuments implements DocumentLoader {

    public static final String CREDENTIALS_V1 = CredentialModel.CREDENTIALS_V1;
    public static final String CREDENTIALS_V2 = CredentialModel.CREDENTIALS_V2;
    /** The Bitstring Status List terms for VC 1.1 credentials (VC 2.0's context defines them itself). */
    public static final String BITSTRING_STATUS_LIST_V1 = "https://www.w3.org/ns/credentials/status/v1";
    public static final String DATA_INTEGRITY_V2 = "https://w3id.org/security/data-integrity/v2";
    public static final String ED25519_2020 = "https://w3id.org/security/suites/ed25519-2020/v1";

    private final String publicBaseUrl;
    private final String statusListPath;
    private final String traceloomContext;
    private final JsonObject traceloomDocument;
    private final Map<String, Document> documents;

    /**
     * @param publicBaseUrl  where clients reach this service, e.g. {@code https://traceloom.example.com}
     * @param contextPath    where under it the service serves its own context
     * @param statusListPath where under it the service serves its status list credentials, each at this path
     *                       followed by the list's id
     */
    public ContextDocuments(String publicBaseUrl, String contextPath, String statusListPath) {
        this.publicBaseUrl = publicBaseUrl.replaceAll("/+$", "");
        this.statusListPath = statusListPath;
        this.traceloomContext = this.publicBaseUrl + contextPath;
        this.traceloomDocument = JsonValues.object()
                .add("@context", JsonValues.object()
                        .add("@version", 1.1)
                        .add("@vocab", traceloomContext + "#"))
                .build();
        this.documents = Map.of(
                CREDENTIALS_V1, bundled("credentials-v1.jsonld"),
                CREDENTIALS_V2, bundled("credentials-v2.jsonld"),
                BITSTRING_STATUS_LIST_V1, bundled("bitstring-status-list-v1.jsonld"),
                DATA_INTEGRITY_V2, bundled("data-integrity-v2.jsonld"),
                ED25519_2020, bundled("ed25519-2020-v1.jsonld"),
                traceloomContext, JsonDocument.of(traceloomDocument));
    }

    /** Where clients reach the service, without a trailing slash. */
    public String publicBaseUrl() {
        return publicBaseUrl;
    }

    /** The URL of one of the service's status list credentials. */
    public String statusListUrl(String listId) {
        return publicBaseUrl + statusListPath + listId;
    }

    /** The id of the service's status list at {@code url}, or {@code null} when the URL is not one. */
    public String statusListId(String url) {
        String prefix = publicBaseUrl + statusListPath;
        if (!url.startsWith(prefix)) {
            return null;
        }
        String id = url.substring(prefix.length());
        return id.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}") ? id : null;
    }

    /** The IRI of the service's own context. */
    public String traceloomContext() {
        return traceloomContext;
    }

    /** The service's own context document, as served at its IRI. */
    public JsonObject traceloomDocument() {
        return traceloomDocument;
    }

    public boolean isAvailable(String url) {
        return documents.containsKey(url);
    }

    @Override
    public Document loadDocument(URI url, DocumentLoaderOptions options) throws JsonLdError {
        Document document = documents.get(url.toString());
        if (document == null) {
            throw new JsonLdError(JsonLdErrorCode.LOADING_DOCUMENT_FAILED, "context not available: " + url);
        }
        return document;
    }

    private static Document bundled(String name) {
        try (InputStream in = ContextDocuments.class.getResourceAsStream("contexts/" + name)) {
            if (in == null) {
                throw new IllegalStateException("bundled context missing: " + name);
            }
            return JsonDocument.of(in);
        } catch (IOException | JsonLdError e) {
            throw new IllegalStateException("bundled context unreadable: " + name, e);
        }
    }
}
