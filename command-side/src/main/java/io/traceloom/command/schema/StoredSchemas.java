package io.traceloom.command.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.eventstore.CurrentStates;
import io.traceloom.command.schema.engine.CompiledSchemas;
import io.traceloom.command.schema.engine.InvalidJsonException;
import io.traceloom.command.schema.engine.JsonSchemas;
import io.traceloom.command.schema.engine.JsonSchemas.CallersDeadline;
import io.traceloom.command.schema.engine.OverLimitException;
import io.traceloom.command.schema.engine.References;
import io.traceloom.command.schema.engine.UnusableSchemaException;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaCheck;
import io.traceloom.kernel.schema.SchemaIds;
import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.TenantSchemas;
import io.traceloom.kernel.schema.WorkDeadline;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * The tenant's stored schemas as the command side uses them: read from their events without taking their lock
 * ({@link CurrentStates}), compiled once per version (theirs and that of every stored schema they refer to),
 * evaluated under the limits. Checking a document against a schema takes no lock, so no validation, however long
 * it runs, keeps a command on the schema (or on another's, its owner's) waiting; only what changes a schema (a
 * put, a use by what relies on it) loads it through its repository. Answers the other features through
 * {@link TenantSchemas}.
 */
@Component
public class StoredSchemas implements TenantSchemas {

    /** At most this many violations are reported for one document; the rest are counted. */
    static final int MAX_VIOLATIONS = 100;
    /** What the compiled schemas kept may weigh together, as {@link CompiledSchemas} estimates it. */
    static final long COMPILED_SCHEMAS_KEPT = 32L * 1024 * 1024;
    private static final int STANDINGS_KEPT = 10_000;

    private final Repository<Schema> schemas;
    /** Whose each schema is and its version, proven current against the event store at every read. */
    private final CurrentStates<Schema, Standing> standings;
    private final JsonSchemas engine;
    private final CompiledSchemas compiled = new CompiledSchemas(COMPILED_SCHEMAS_KEPT);
    private final String prefix;
    private final long maxSize;
    private final java.util.concurrent.atomic.AtomicLong compilations = new java.util.concurrent.atomic.AtomicLong();

    /** What validating keeps of a schema between compilations: whose it is, and its version. */
    record Standing(String tenantId, long version) {
    }

    public StoredSchemas(Repository<Schema> schemas, EventStore events, JsonSchemas engine,
                         CommandSideProperties properties) {
        this.schemas = schemas;
        this.standings = new CurrentStates<>(Schema.class, events, schema -> schema.content()
                .map(content -> new Standing(content.tenantId(), content.version())).orElse(null), STANDINGS_KEPT);
        this.engine = engine;
        this.prefix = properties.publicBaseUrl().replaceAll("/+$", "") + "/schemas/";
        this.maxSize = properties.schemas().maxSize().toBytes();
    }

    @Override
    public String urlOf(String schemaId) {
        return prefix + schemaId;
    }

    @Override
    public Optional<String> idOf(String url) {
        return Optional.ofNullable(idOrNull(url));
    }

    private String idOrNull(String url) {
        if (url == null || !url.startsWith(prefix)) {
            return null;
        }
        String id = url.substring(prefix.length());
        return SchemaIds.isValid(id) ? id : null;
    }

    @Override
    public SchemaCheck check(String tenantId, String schema) {
        Checked checked = check(tenantId, schema, inlineLocation(), null);
        return new SchemaCheck(checked.violations(), checked.references());
    }

    /**
     * Checks a schema the tenant wants to keep at {@code location}: its size, its JSON, its meta-schema, its
     * references (to itself as {@code selfId}, given as {@code text}, not as stored) and the evaluation limits.
     */
    Checked check(String tenantId, String text, String location, String selfId) {
        long size = text.getBytes(StandardCharsets.UTF_8).length;
        if (size > maxSize) {
            return Checked.refused(new Violation("", "", "the schema is " + size + " bytes of JSON, more than the "
                    + maxSize + " a schema may have (traceloom.schemas.max-size)"));
        }
        JsonNode schema;
        try {
            schema = JsonSchemas.read(text);
        } catch (InvalidJsonException e) {
            return Checked.refused(new Violation("", "", "is not JSON: " + e.getMessage()));
        }
        Source source = new Source(tenantId, selfId, text);
        JsonSchemas.Checked checked = engine.check(schema, location, source);
        source.freeze();
        if (!checked.violations().isEmpty()) {
            return new Checked(firstOf(checked.violations()), Set.of());
        }
        Set<String> references = References.of(schema, location, this::idOrNull);
        references.retainAll(source.loaded.keySet());
        return new Checked(List.of(), references);
    }

    /** @param references the other stored schemas of the tenant it refers to itself */
    record Checked(List<Violation> violations, Set<String> references) {

        static Checked refused(Violation violation) {
            return new Checked(List.of(violation), Set.of());
        }
    }

    @Override
    public Optional<SchemaValidation> validate(String tenantId, String schemaId, String document,
                                               WorkDeadline deadline) {
        Optional<Long> version = version(tenantId, schemaId);
        if (version.isEmpty()) {
            return Optional.empty();
        }
        CompiledSchemas.Key key = new CompiledSchemas.Key(tenantId, schemaId, version.get());
        CompiledSchemas.Entry entry = compiled.get(key);
        if (entry == null || !current(tenantId, entry.dependencies())) {
            Optional<Schema.Content> content = content(tenantId, schemaId);
            if (content.isEmpty()) {
                return Optional.empty();
            }
            try {
                entry = compile(tenantId, content.get().text(), urlOf(schemaId), schemaId);
            } catch (UnusableSchemaException e) {
                return Optional.of(unusable(e));
            }
            compiled.put(new CompiledSchemas.Key(tenantId, schemaId, content.get().version()), entry);
        }
        return Optional.of(evaluate(entry, document, deadline));
    }

    @Override
    public SchemaValidation validateInline(String tenantId, String schema, String document) {
        CompiledSchemas.Key key = new CompiledSchemas.Key(tenantId, "inline:" + digest(schema), 0);
        CompiledSchemas.Entry entry = compiled.get(key);
        if (entry == null || !current(tenantId, entry.dependencies())) {
            try {
                entry = compile(tenantId, schema, inlineLocation(), null);
            } catch (UnusableSchemaException e) {
                return unusable(e);
            }
            compiled.put(key, entry);
        }
        return evaluate(entry, document, null);
    }

    @Override
    public boolean use(String tenantId, String schemaId, String user) {
        if (!SchemaIds.isValid(schemaId)) {
            return false;
        }
        try {
            return schemas.load(SchemaIds.aggregateId(schemaId)).invoke(schema -> schema.use(tenantId, user));
        } catch (AggregateNotFoundException noSuchSchema) {
            return false;
        }
    }

    @Override
    public void release(String tenantId, String schemaId, String user) {
        try {
            schemas.load(SchemaIds.aggregateId(schemaId)).execute(schema -> schema.release(tenantId, user));
        } catch (AggregateNotFoundException gone) {
            // nothing to release
        }
    }

    /** The version of the tenant's schema as it stands now, read without its lock; empty when the tenant has none. */
    private Optional<Long> version(String tenantId, String schemaId) {
        if (!SchemaIds.isValid(schemaId)) {
            return Optional.empty();
        }
        return standings.view(SchemaIds.aggregateId(schemaId))
                .filter(standing -> standing.tenantId().equals(tenantId))
                .map(Standing::version);
    }

    /** The tenant's schema as it stands now, its text included, read without its lock. */
    Optional<Schema.Content> content(String tenantId, String schemaId) {
        if (!SchemaIds.isValid(schemaId)) {
            return Optional.empty();
        }
        return standings.fold(SchemaIds.aggregateId(schemaId))
                .flatMap(folded -> folded.aggregate().content(tenantId));
    }

    private SchemaValidation evaluate(CompiledSchemas.Entry entry, String document, WorkDeadline deadline) {
        JsonNode value;
        try {
            value = JsonSchemas.read(document);
        } catch (InvalidJsonException e) {
            return SchemaValidation.of(List.of(new Violation("", "", "is not JSON: " + e.getMessage())));
        }
        try {
            return SchemaValidation.of(firstOf(engine.validate(entry.compiled(), value,
                    deadline == null ? null : new CallersDeadline(deadline.nanoTime(), deadline.reason()))));
        } catch (OverLimitException e) {
            return SchemaValidation.stopped(e.getMessage());
        }
    }

    private static SchemaValidation unusable(UnusableSchemaException e) {
        return SchemaValidation.stopped("the schema cannot be used as it stands now: " + e.getMessage());
    }

    /** Whether every stored schema a compiled form includes is still at the version it was compiled with. */
    private boolean current(String tenantId, Map<String, Long> dependencies) {
        for (Map.Entry<String, Long> dependency : dependencies.entrySet()) {
            Optional<Long> now = version(tenantId, dependency.getKey());
            if (now.isEmpty() || now.get().longValue() != dependency.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** How many times a schema was compiled for validation (not for a check): cache misses. */
    long compilations() {
        return compilations.get();
    }

    private CompiledSchemas.Entry compile(String tenantId, String text, String location, String selfId) {
        compilations.incrementAndGet();
        Source source = new Source(tenantId, selfId, text);
        com.networknt.schema.Schema schema;
        try {
            schema = engine.compile(JsonSchemas.read(text), location, source);
        } finally {
            source.freeze();
        }
        return new CompiledSchemas.Entry(schema, Map.copyOf(source.loaded), text.length() + source.loadedCharacters);
    }

    /** Where an inline schema is: its relative references name stored schemas, as a stored schema's do. */
    private String inlineLocation() {
        return prefix + "inline";
    }

    private static List<Violation> firstOf(List<Violation> violations) {
        if (violations.size() <= MAX_VIOLATIONS) {
            return violations;
        }
        List<Violation> first = new java.util.ArrayList<>(violations.subList(0, MAX_VIOLATIONS - 1));
        first.add(new Violation("", "", (violations.size() - first.size()) + " further violations are not listed"));
        return first;
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /**
     * What one compile may read besides the schema itself: the tenant's stored schemas by URL (recording each
     * one's version), and the schema being checked under its own URL as given, not as stored. Once the compile
     * is done it answers only what it already answered: a compiled schema never loads anything later.
     */
    private final class Source implements Function<String, String> {
        private final String tenantId;
        private final String selfId;
        private final String selfText;
        private final Map<String, Long> loaded = new HashMap<>();
        private long loadedCharacters;
        private final Map<String, Optional<String>> answered = new HashMap<>();
        private boolean frozen;
        private RuntimeException failure;

        Source(String tenantId, String selfId, String selfText) {
            this.tenantId = tenantId;
            this.selfId = selfId;
            this.selfText = selfText;
        }

        @Override
        public synchronized String apply(String iri) {
            Optional<String> answer = answered.get(iri);
            if (answer == null) {
                answer = frozen ? Optional.empty() : lookup(iri);
                answered.put(iri, answer);
            }
            return answer.orElse(null);
        }

        private Optional<String> lookup(String iri) {
            String id = idOrNull(iri);
            if (id == null) {
                return Optional.empty();
            }
            if (id.equals(selfId)) {
                return Optional.of(selfText);
            }
            Optional<Schema.Content> content;
            try {
                content = content(tenantId, id);
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            }
            content.ifPresent(found -> {
                loaded.put(id, found.version());
                loadedCharacters += found.text().length();
            });
            return content.map(Schema.Content::text);
        }

        /**
         * Ends the compile: from now on only what was answered is answered. A failure to load a stored schema
         * (the event store, not the schema) is the service's, not the client's: it is thrown again here, rather
         * than left to the library, which would report it as an unresolvable reference.
         */
        synchronized void freeze() {
            frozen = true;
            if (failure != null) {
                throw failure;
            }
        }
    }
}
