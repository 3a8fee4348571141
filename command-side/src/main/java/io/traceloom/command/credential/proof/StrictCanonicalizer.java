package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import com.apicatalog.jsonld.JsonLdError;
import com.apicatalog.jsonld.JsonLdErrorCode;
import com.apicatalog.jsonld.JsonLdOptions;
import com.apicatalog.jsonld.JsonLdOptions.ProcessingPolicy;
import com.apicatalog.jsonld.context.ActiveContext;
import com.apicatalog.jsonld.context.cache.Cache;
import com.apicatalog.jsonld.expansion.Expansion;
import com.apicatalog.jsonld.processor.ProcessingRuntime;
import com.apicatalog.rdf.api.RdfConsumerException;
import com.apicatalog.rdf.canon.RdfCanon;
import com.apicatalog.rdf.nquads.NQuadsWriter;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.proof.WorkBudget.CanonicalizationStopped;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
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
 * <p>
 * The top-level {@code @context} of a credential names bundled contexts only, so its processing (the
 * active context: hundreds of term definitions, checked against each other's protection) is the same for
 * every credential naming the same list: it is done once per list and kept, and each document is expanded
 * against the kept active context, which expansion only ever copies, never changes. Titanium 1.x has no
 * hook for this; its public expansion steps are the same ones {@code JsonLd.expand} takes.
 */
public final class StrictCanonicalizer {

    private static final Pattern UNDEFINED_TERM = Pattern.compile("undefined term[^\\[]*\\[([^\\]]{0,200})]");
    /** Distinct top-level context lists kept processed: the bundled few, in the orders clients name them. */
    private static final int PROCESSED_CONTEXTS = 256;
    /** The budget of the work on this thread, which the kept active contexts' runtime checks. */
    private static final ThreadLocal<WorkBudget> CURRENT = new ThreadLocal<>();

    private final LosslessRdf rdf;
    /** Where every kept active context starts: no base, and the budget of whichever thread uses it. */
    private final ActiveContext empty;
    private final Map<String, ActiveContext> processed = new ConcurrentHashMap<>();

    public StrictCanonicalizer(ContextDocuments contexts) {
        JsonLdOptions options = new JsonLdOptions(contexts);
        options.setUndefinedTermsPolicy(ProcessingPolicy.Fail);
        // titanium's own cache is an unsynchronized access-ordered map, and this one is shared by every
        // request thread; only the bundled contexts ever reach it
        options.setContextCache(new BundledContextCache());
        this.empty = new ActiveContext(null, null, new BudgetRuntime(options));
        this.rdf = new LosslessRdf(contexts.traceloomContext() + "#");
    }

    /** What a document says, as JSON-LD expanded it (for reading), and its canonical N-Quads (for hashing). */
    public record Canonical(JsonArray expanded, String nquads) {
    }

    public Canonical canonicalize(JsonObject document, WorkBudget budget) throws InvalidCredentialException {
        JsonShape.check(document, budget);
        CURRENT.set(budget);
        try {
            JsonArray expanded = expand(document);
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
        } finally {
            CURRENT.remove();
        }
    }

    /**
     * JSON-LD expansion as {@code JsonLd.expand} does it for a document without a URL (the expansion
     * algorithm, then its result as an array), its top-level {@code @context} processed once per list.
     */
    private JsonArray expand(JsonObject document) throws JsonLdError {
        JsonValue context = document.get("@context");
        ActiveContext active = empty;
        JsonObject rest = document;
        if (context != null) {
            active = processed(context);
            JsonObjectBuilder withoutContext = JsonValues.object(document);
            withoutContext.remove("@context");
            rest = withoutContext.build();
        }
        JsonValue expanded = Expansion.with(active, rest, null, null).compute();
        if (expanded instanceof JsonObject object && object.size() == 1 && object.containsKey("@graph")) {
            expanded = object.get("@graph");
        }
        if (expanded == null || expanded.getValueType() == JsonValue.ValueType.NULL) {
            return JsonValue.EMPTY_JSON_ARRAY;
        }
        return expanded instanceof JsonArray array ? array : JsonValues.array().add(expanded).build();
    }

    /** The active context of a top-level {@code @context}: kept once processed, if there is room. */
    private ActiveContext processed(JsonValue context) throws JsonLdError {
        String key = context.toString();
        ActiveContext known = processed.get(key);
        if (known != null) {
            return known;
        }
        ActiveContext created = empty.newContext().create(context, null);
        if (processed.size() < PROCESSED_CONTEXTS) {
            processed.putIfAbsent(key, created);
        }
        return created;
    }

    /**
     * The runtime of every kept active context: titanium's own carries one deadline, fixed when it is made,
     * while a kept context serves many requests; this one checks the budget of the thread at work.
     */
    private static final class BudgetRuntime extends ProcessingRuntime {

        BudgetRuntime(JsonLdOptions options) {
            super(options);
        }

        @Override
        public void tick() throws JsonLdError {
            WorkBudget budget = CURRENT.get();
            if (budget != null && budget.expired()) {
                throw new JsonLdError(JsonLdErrorCode.PROCESSING_TIMEOUT_EXCEEDED);
            }
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
