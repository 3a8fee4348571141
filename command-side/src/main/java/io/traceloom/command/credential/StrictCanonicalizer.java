package io.traceloom.command.credential;

import static io.traceloom.command.credential.InvalidCredentialException.excerpt;

import com.apicatalog.jsonld.JsonLd;
import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.JsonLdOptions;
import com.apicatalog.jsonld.JsonLdOptions.ProcessingPolicy;
import com.apicatalog.jsonld.context.cache.Cache;
import com.apicatalog.jsonld.document.JsonDocument;
import com.apicatalog.rdf.api.RdfConsumerException;
import com.apicatalog.rdf.canon.RdfCanon;
import com.apicatalog.rdf.nquads.NQuadsWriter;
import io.traceloom.command.credential.WorkBudget.CanonicalizationStopped;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Turns a JSON-LD document into its canonical N-Quads (RDFC-1.0, SHA-256), refusing anything that would
 * escape the signature and anything over the limits: the JSON is checked first ({@link JsonShape}), terms
 * no context defines fail expansion, and {@link LosslessRdf} makes sure every expanded statement reaches
 * the dataset. Every step runs against the caller's {@link WorkBudget}.
 */
public final class StrictCanonicalizer {

    private static final Pattern UNDEFINED_TERM = Pattern.compile("undefined term[^\\[]*\\[([^\\]]{0,200})]");

    private final JsonLdOptions options;
    private final LosslessRdf rdf;

    public StrictCanonicalizer(ContextDocuments contexts) {
        this.options = new JsonLdOptions(contexts);
        this.options.setUndefinedTermsPolicy(ProcessingPolicy.Fail);
        // titanium's own cache is an unsynchronized access-ordered map, and this one is shared by every
        // request thread; only the bundled contexts ever reach it
        this.options.setContextCache(new BundledContextCache());
        this.rdf = new LosslessRdf(contexts.traceloomContext() + "#");
    }

    /** What a document says, as JSON-LD expanded it (for reading), and its canonical N-Quads (for hashing). */
    public record Canonical(JsonArray expanded, String nquads) {
    }

    public Canonical canonicalize(JsonObject document, WorkBudget budget) throws InvalidCredentialException {
        JsonShape.check(document, budget);
        JsonLdOptions expansion = new JsonLdOptions(options);
        expansion.setTimeout(budget.remaining());
        try {
            JsonArray expanded = JsonLd.expand(JsonDocument.of(document)).options(expansion).get();
            budget.checkDeadline();
            RdfCanon canon = RdfCanon.create("SHA-256", budget.canonicalizationTicker());
            LookAlikeBlankNodes.check(rdf.emit(expanded, canon, budget), budget);
            budget.checkDeadline();
            StringWriter nquads = new StringWriter();
            canon.provide(new NQuadsWriter(nquads));
            return new Canonical(expanded, nquads.toString());
        } catch (CanonicalizationStopped e) {
            throw e.reason();
        } catch (JsonLdError e) {
            if (e.getCode() == JsonLdErrorCode.PROCESSING_TIMEOUT_EXCEEDED) {
                throw budget.timedOut();
            }
            throw refusal(e);
        } catch (RdfConsumerException e) {
            throw new IllegalStateException("canonicalization failed", e);
        }
    }

    private static InvalidCredentialException refusal(JsonLdError error) {
        String message = error.getMessage() == null ? error.getCode().toMessage() : error.getMessage();
        if (error.getCode() == JsonLdErrorCode.LOADING_DOCUMENT_FAILED
                || error.getCode() == JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED) {
            return new InvalidCredentialException("@context", "context not available: "
                    + excerpt(message.replaceFirst("^context not available: ", "")));
        }
        var term = UNDEFINED_TERM.matcher(message);
        if (term.find()) {
            String name = excerpt(term.group(1));
            return new InvalidCredentialException(name, "'" + name + "' is not defined by any context, so it "
                    + "would not be signed");
        }
        // the code's own sentence: titanium's messages may quote any amount of the input
        return new InvalidCredentialException(null, "not valid JSON-LD: " + error.getCode().toMessage()
                + " (" + error.getCode() + ")");
    }

    /** Context documents by URL; the document loader serves only the bundled few, so this stays small. */
    private static final class BundledContextCache implements Cache<String, JsonValue> {
        private static final int CAPACITY = 64;
        private final Map<String, JsonValue> documents = new ConcurrentHashMap<>();

        @Override
        public boolean containsKey(String key) {
            return documents.containsKey(key);
        }

        @Override
        public JsonValue get(String key) {
            return documents.get(key);
        }

        @Override
        public void put(String key, JsonValue value) {
            if (documents.size() < CAPACITY) {
                documents.put(key, value);
            }
        }
    }
}
