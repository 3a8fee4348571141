package io.traceloom.command.credential;

import com.apicatalog.jsonld.JsonLd;
import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.JsonLdOptions;
import com.apicatalog.jsonld.JsonLdOptions.ProcessingPolicy;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.rdf.api.RdfConsumerException;
import com.apicatalog.rdf.canon.RdfCanon;
import com.apicatalog.rdf.nquads.NQuadsWriter;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringWriter;
import java.util.regex.Pattern;

/**
 * Turns a JSON-LD document into its canonical N-Quads (RDFC-1.0, SHA-256), refusing anything JSON-LD
 * would silently drop, since what is dropped is not signed: terms no context defines, and {@code @id} or
 * {@code @type} values that are not absolute IRIs (or blank node ids) — titanium drops those without a
 * word, so the expanded document is checked for them first.
 */
public final class StrictCanonicalizer {

    private static final Pattern ABSOLUTE_IRI = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:\\S*$");

    private final JsonLdOptions options;

    public StrictCanonicalizer(ContextDocuments contexts) {
        this.options = new JsonLdOptions(contexts);
        this.options.setUndefinedTermsPolicy(ProcessingPolicy.Fail);
    }

    public String canonicalNQuads(JsonObject document) throws InvalidCredentialException {
        try {
            JsonArray expanded = JsonLd.expand(JsonDocument.of(document)).options(options).get();
            for (JsonValue node : expanded) {
                requireIris(node, null);
            }
            // From the expanded form: no context left to process a second time (the costliest step).
            RdfCanon canon = RdfCanon.create("SHA-256");
            JsonLd.toRdf(JsonDocument.of(expanded)).options(options).provide(canon);
            StringWriter nquads = new StringWriter();
            canon.provide(new NQuadsWriter(nquads));
            return nquads.toString();
        } catch (JsonLdError e) {
            throw refusal(e);
        } catch (RdfConsumerException e) {
            throw new IllegalStateException("canonicalization failed", e);
        }
    }

    private static void requireIris(JsonValue value, String property) throws InvalidCredentialException {
        if (value instanceof JsonArray array) {
            for (JsonValue item : array) {
                requireIris(item, property);
            }
        } else if (value instanceof JsonObject object) {
            if (object.containsKey("@value")) {
                return;
            }
            for (var entry : object.entrySet()) {
                String key = entry.getKey();
                if (key.equals("@id")) {
                    requireIri(entry.getValue(), property == null ? "id" : property);
                } else if (key.equals("@type")) {
                    requireIri(entry.getValue(), property == null ? "type" : property);
                } else {
                    requireIris(entry.getValue(), key);
                }
            }
        }
    }

    private static void requireIri(JsonValue value, String property) throws InvalidCredentialException {
        if (value instanceof JsonArray array) {
            for (JsonValue item : array) {
                requireIri(item, property);
            }
            return;
        }
        String iri = value instanceof JsonString string ? string.getString() : value.toString();
        if (!iri.startsWith("_:") && !ABSOLUTE_IRI.matcher(iri).matches()) {
            throw new InvalidCredentialException(shortName(property),
                    "'" + iri + "' is not an absolute IRI, so it would not be signed (in " + shortName(property) + ")");
        }
    }

    private static InvalidCredentialException refusal(JsonLdError error) {
        String message = error.getMessage() == null ? error.getCode().toMessage() : error.getMessage();
        if (error.getCode() == JsonLdErrorCode.LOADING_DOCUMENT_FAILED
                || error.getCode() == JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED) {
            return new InvalidCredentialException("@context", message.contains("context not available")
                    ? message : "context not available: " + message);
        }
        String term = undefinedTerm(message);
        return new InvalidCredentialException(term, term == null
                ? "not valid JSON-LD: " + message
                : "'" + term + "' is not defined by any context, so it would not be signed");
    }

    /** titanium names the term in its message: "An undefined term has been found [name]. ..." */
    private static String undefinedTerm(String message) {
        var matcher = Pattern.compile("undefined term[^\\[]*\\[([^\\]]+)]").matcher(message);
        return matcher.find() ? matcher.group(1) : null;
    }

    private static String shortName(String property) {
        if (property == null) {
            return null;
        }
        int cut = Math.max(property.lastIndexOf('#'), property.lastIndexOf('/'));
        return cut >= 0 && cut < property.length() - 1 ? property.substring(cut + 1) : property;
    }
}
