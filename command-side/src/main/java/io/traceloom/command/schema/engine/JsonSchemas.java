package io.traceloom.command.schema.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.networknt.schema.Error;
import com.networknt.schema.ExecutionConfig;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.InputFormat;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.dialect.DialectId;
import com.networknt.schema.path.PathType;
import com.networknt.schema.serialization.NodeReader;
import io.traceloom.kernel.message.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * JSON Schema as this service speaks it, on networknt's validator (it passes the whole 2020-12 test suite;
 * see {@code JsonSchemaTestSuiteTest}). Plain Java: no Axon, no Spring, no stored state.
 *
 * <ul>
 *   <li>A schema is a JSON object in one of three dialects: 2020-12 unless its {@code $schema} names 2019-09
 *   or draft-07. It must satisfy its dialect's meta-schema; every violation is reported.</li>
 *   <li>Compiling resolves every {@code $ref} at once, and only to the schema itself, to the dialects'
 *   meta-schemas (bundled in the library) or to what the caller's {@link Function source} hands out for an
 *   IRI (the tenant's stored schemas). Nothing is read from the network, the file system or the class
 *   path. Counts beyond what an int holds mean what JSON Schema says ({@link Counts}).</li>
 *   <li>Evaluating runs against a {@link Deadline} (this engine's, or the caller's when that comes first),
 *   checked at every keyword and inside patterns. A pattern whose matching overflows the stack, and a
 *   {@code $ref} loop that never moves on in the document, each end as an {@link OverLimitException} that says
 *   which it was, not as a {@link StackOverflowError} reaching a client.</li>
 * </ul>
 * A compiled {@link Schema} is immutable and safe to share between threads: callers cache it.
 */
public final class JsonSchemas {

    private static final int MAX_MESSAGE = 300;
    private static final int MAX_LOCATION = 1000;
    private static final int MAX_PATTERN = 100;

    /** The evaluation running on this thread: what its patterns report says where they are. */
    private static final ThreadLocal<CheckedExecution> EVALUATING = new ThreadLocal<>();

    /** Nesting of a schema or a document, as for any JSON request body. */
    public static final int MAX_DEPTH = 64;

    /** The {@code $schema} values this service accepts, each with the dialect it names. */
    private static final Map<String, String> DIALECTS = Map.of(
            DialectId.DRAFT_2020_12, DialectId.DRAFT_2020_12,
            DialectId.DRAFT_2020_12 + "#", DialectId.DRAFT_2020_12,
            DialectId.DRAFT_2019_09, DialectId.DRAFT_2019_09,
            DialectId.DRAFT_2019_09 + "#", DialectId.DRAFT_2019_09,
            DialectId.DRAFT_7, DialectId.DRAFT_7,
            "http://json-schema.org/draft-07/schema", DialectId.DRAFT_7);

    /**
     * The meta-schema documents the dialects consist of, which the library has bundled. A schema may refer to
     * these (e.g. to extend the meta-schema); no other IRI outside the caller's source is ever loaded.
     */
    private static final Set<String> META_SCHEMAS = Set.of(
            "https://json-schema.org/draft/2020-12/schema",
            "https://json-schema.org/draft/2020-12/meta/core",
            "https://json-schema.org/draft/2020-12/meta/applicator",
            "https://json-schema.org/draft/2020-12/meta/unevaluated",
            "https://json-schema.org/draft/2020-12/meta/validation",
            "https://json-schema.org/draft/2020-12/meta/meta-data",
            "https://json-schema.org/draft/2020-12/meta/format-annotation",
            "https://json-schema.org/draft/2020-12/meta/format-assertion",
            "https://json-schema.org/draft/2020-12/meta/content",
            "https://json-schema.org/draft/2019-09/schema",
            "https://json-schema.org/draft/2019-09/meta/core",
            "https://json-schema.org/draft/2019-09/meta/applicator",
            "https://json-schema.org/draft/2019-09/meta/validation",
            "https://json-schema.org/draft/2019-09/meta/meta-data",
            "https://json-schema.org/draft/2019-09/meta/format",
            "https://json-schema.org/draft/2019-09/meta/content",
            "http://json-schema.org/draft-07/schema");

    /** Documents every schema must take without looping: a loop that needs no data shows on one of them. */
    private static final List<JsonNode> SMOKE_DOCUMENTS = List.of(JsonNodeFactory.instance.nullNode(),
            JsonNodeFactory.instance.booleanNode(true), JsonNodeFactory.instance.numberNode(0),
            JsonNodeFactory.instance.textNode(""), JsonNodeFactory.instance.objectNode(),
            JsonNodeFactory.instance.arrayNode());

    private static final SchemaRegistryConfig CONFIG = SchemaRegistryConfig.builder()
            .pathType(PathType.JSON_POINTER)
            .locale(Locale.ENGLISH)
            .regularExpressionFactory(DeadlineRegularExpressions.INSTANCE)
            .build();

    /** Strict, like the HTTP interface: a key given twice is an error; decimals are read exactly. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    static {
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build());
    }

    private final Duration timeout;
    /** The meta-schemas, compiled once by a registry that never sees a tenant's schema. */
    private final Map<String, Schema> metaSchemas = new HashMap<>();

    /** @param timeout how long one evaluation (of a document, or of a schema by its meta-schema) may take */
    public JsonSchemas(Duration timeout) {
        this.timeout = timeout;
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder
                .schemaRegistryConfig(CONFIG)
                .schemaLoader(loader -> loader.allow(iri -> META_SCHEMAS.contains(withoutFragment(iri.toString())))));
        for (String dialect : Set.copyOf(DIALECTS.values())) {
            metaSchemas.put(dialect, registry.getSchema(SchemaLocation.of(dialect)));
        }
    }

    /**
     * Reads JSON text strictly (no key twice, nesting at most {@link #MAX_DEPTH}, exact decimals).
     *
     * @throws InvalidJsonException when it is not such JSON
     */
    public static JsonNode read(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InvalidJsonException(String.valueOf(e.getOriginalMessage()));
        }
    }

    /** JSON text of a value, compact. */
    public static String write(JsonNode value) {
        return value.toString();
    }

    /**
     * What keeps {@code schema} from being a schema of this service: a {@code $schema} that names none of the
     * three dialects, or everything its dialect's meta-schema finds (each violation located by its JSON
     * pointer in {@code schema}). Empty when it is one.
     */
    public List<Violation> metaViolations(JsonNode schema) {
        if (!schema.isObject()) {
            return List.of(new Violation("", "", "a schema must be a JSON object"));
        }
        JsonNode declared = schema.get("$schema");
        String dialect = declared == null ? DialectId.DRAFT_2020_12
                : declared.isTextual() ? DIALECTS.get(declared.textValue()) : null;
        if (dialect == null) {
            return List.of(new Violation("/$schema", "",
                    "must name one of the dialects this service supports: " + DialectId.DRAFT_2020_12 + " (the default), "
                            + DialectId.DRAFT_2019_09 + " or " + DialectId.DRAFT_7));
        }
        return evaluate(metaSchemas.get(dialect), schema);
    }

    /**
     * Compiles a schema that passed {@link #metaViolations}, resolving every {@code $ref} now.
     *
     * @param location the schema's own IRI: the base of its relative references, unless it declares an
     *                 {@code $id}
     * @param source   the text of the schema at an absolute IRI (no fragment), or {@code null}: the only
     *                 schemas besides {@code schema} itself and the meta-schemas a reference may reach
     * @throws UnusableSchemaException when a reference does not resolve, or a keyword's value cannot be used
     *                                 (a pattern that is no regular expression)
     */
    public Schema compile(JsonNode schema, String location, Function<String, String> source) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder
                .schemaRegistryConfig(CONFIG)
                .nodeReader(StrictNodeReader.INSTANCE)
                .schemas(iri -> source.apply(withoutFragment(iri)))
                .schemaLoader(loader -> loader.allow(iri -> {
                    String document = withoutFragment(iri.toString());
                    return META_SCHEMAS.contains(document) || source.apply(document) != null;
                })));
        try {
            Schema compiled = registry.getSchema(SchemaLocation.of(location), Counts.readable(schema));
            compiled.initializeValidators();
            return compiled;
        } catch (StackOverflowError e) {
            throw new UnusableSchemaException("the schema's references nest without end");
        } catch (RuntimeException e) {
            throw new UnusableSchemaException(reason(e));
        }
    }

    /**
     * Checks a schema a tenant wants to store or use: its meta-schema, then compiling it, then evaluating
     * documents of every JSON type against it, which shows a {@code $ref} loop that needs no data to loop.
     */
    public Checked check(JsonNode schema, String location, Function<String, String> source) {
        List<Violation> violations = metaViolations(schema);
        if (!violations.isEmpty()) {
            return new Checked(violations, null);
        }
        Schema compiled;
        try {
            compiled = compile(schema, location, source);
        } catch (UnusableSchemaException e) {
            return new Checked(List.of(new Violation("", "", e.getMessage())), null);
        }
        try {
            for (JsonNode document : SMOKE_DOCUMENTS) {
                validate(compiled, document);
            }
        } catch (OverLimitException e) {
            return new Checked(List.of(new Violation("", "", e.getMessage())), null);
        }
        return new Checked(List.of(), compiled);
    }

    /** @param compiled the compiled schema when {@code violations} is empty, else {@code null} */
    public record Checked(List<Violation> violations, Schema compiled) {
    }

    /**
     * The deadline of the caller's work, which an evaluation runs within as well as within this engine's own.
     *
     * @param nanoTime when it passes, as {@link System#nanoTime()} tells it
     * @param reason   what the {@link OverLimitException} says once it has passed
     */
    public record CallersDeadline(long nanoTime, String reason) {
    }

    /**
     * Every violation of {@code document} against {@code compiled}, in the order found.
     *
     * @throws OverLimitException when the evaluation takes longer than allowed, or loops
     */
    public List<Violation> validate(Schema compiled, JsonNode document) {
        return validate(compiled, document, null);
    }

    /**
     * Every violation of {@code document} against {@code compiled}, in the order found, found by the caller's
     * deadline when that comes before this engine's own.
     *
     * @param deadline the caller's, or {@code null}
     * @throws OverLimitException when the evaluation takes longer than allowed (saying whose deadline passed), or
     *                            loops, or a pattern is too complex to evaluate
     */
    public List<Violation> validate(Schema compiled, JsonNode document, CallersDeadline deadline) {
        return evaluate(compiled, document, deadline);
    }

    private List<Violation> evaluate(Schema schema, JsonNode document) {
        return evaluate(schema, document, null);
    }

    private List<Violation> evaluate(Schema schema, JsonNode document, CallersDeadline callers) {
        long own = System.nanoTime() + timeout.toNanos();
        boolean callersFirst = callers != null && callers.nanoTime() - own < 0;
        CheckedExecution execution = new CheckedExecution();
        CheckedExecution outer = EVALUATING.get();
        EVALUATING.set(execution);
        try {
            List<Error> errors = Deadline.until(callersFirst ? callers.nanoTime() : own, () -> schema.validate(
                    execution, document, OutputFormat.DEFAULT));
            List<Violation> violations = new ArrayList<>(errors.size());
            for (Error error : errors) {
                // a message can quote the schema (an enum of thousands), a location the document's keys: short
                violations.add(new Violation(Excerpts.of(error.getInstanceLocation().toString(), MAX_LOCATION),
                        Excerpts.of(error.getEvaluationPath().toString(), MAX_LOCATION),
                        Excerpts.of(String.valueOf(error.getMessage()), MAX_MESSAGE)));
            }
            return violations;
        } catch (Deadline.Exceeded e) {
            throw new OverLimitException(callersFirst ? callers.reason() : "evaluating the schema took longer than "
                    + timeout.toMillis() + " ms (traceloom.schemas.validation-timeout)");
        } catch (DeadlineRegularExpressions.TooComplex e) {
            throw new OverLimitException("the pattern '" + Excerpts.of(e.pattern(), MAX_PATTERN) + "' at "
                    + Excerpts.of(e.keywordLocation(), MAX_LOCATION) + " is too complex to evaluate: matching it "
                    + "against the document overflows the stack");
        } catch (StackOverflowError e) {
            throw new OverLimitException("the schema refers to itself without end (a $ref loop that does not "
                    + "move on in the document)");
        } finally {
            EVALUATING.set(outer);
        }
    }

    /** Where the evaluation running on this thread stands in the schema, as a JSON pointer; {@code ""} outside one. */
    static String keywordLocation() {
        CheckedExecution running = EVALUATING.get();
        return running == null ? "" : running.getEvaluationPath().toString();
    }

    private static String withoutFragment(String iri) {
        int hash = iri.indexOf('#');
        return hash < 0 ? iri : iri.substring(0, hash);
    }

    /** What went wrong in the library's words, without a stack trace's worth of causes, and short. */
    private static String reason(Throwable error) {
        Throwable deepest = error;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        java.util.regex.Matcher refused = NOT_ALLOWED.matcher(String.valueOf(error.getMessage()));
        String message = deepest instanceof java.io.FileNotFoundException missing
                ? unresolved(missing.getMessage())
                : refused.matches() ? unresolved(refused.group(1))
                : deepest instanceof java.util.regex.PatternSyntaxException pattern
                ? "a pattern is not a valid regular expression: " + pattern.getDescription()
                : String.valueOf(error.getMessage());
        return Excerpts.of(message, 300);
    }

    /** The library's words for an IRI its loader refused (see the allow predicate in {@link #compile}). */
    private static final java.util.regex.Pattern NOT_ALLOWED =
            java.util.regex.Pattern.compile("Schema from '(.*)' is not allowed to be loaded\\.", java.util.regex.Pattern.DOTALL);

    private static String unresolved(String iri) {
        return "$ref '" + iri + "' names no schema this schema may use";
    }

    /**
     * How the library reads the documents a reference reaches (the tenant's stored schemas, the meta-schemas) as
     * {@link #read} reads a schema: strictly, decimals exact, and its {@link Counts} made readable.
     */
    private enum StrictNodeReader implements NodeReader {
        INSTANCE;

        @Override
        public JsonNode readTree(String content, InputFormat inputFormat) {
            return Counts.readable(read(content));
        }

        @Override
        public JsonNode readTree(InputStream content, InputFormat inputFormat) {
            try {
                return Counts.readable(JSON.readTree(content));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** An evaluation that checks the {@link Deadline} at every keyword it evaluates. */
    private static final class CheckedExecution extends ExecutionContext {

        CheckedExecution() {
            super(ExecutionConfig.builder().locale(Locale.ENGLISH).build());
        }

        @Override
        public void evaluationPathAddLast(String token) {
            Deadline.check();
            super.evaluationPathAddLast(token);
        }

        @Override
        public void evaluationPathAddLast(int token) {
            Deadline.check();
            super.evaluationPathAddLast(token);
        }
    }
}
