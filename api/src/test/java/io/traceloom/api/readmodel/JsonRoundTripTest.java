package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.traceloom.api.config.AxonConfiguration;
import io.traceloom.api.http.HttpConfiguration;
import io.traceloom.api.settings.JsonLimits;
import io.traceloom.kernel.canvas.CanvasTemplateRendered;
import io.traceloom.kernel.credential.CredentialIssued;
import io.traceloom.kernel.schema.SchemaCreated;
import io.traceloom.query.canvas.CanvasTemplateInstanceDocument;
import io.traceloom.query.credential.CredentialDocument;
import io.traceloom.query.schema.SchemaDocument;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/**
 * Client JSON on its way through the service's own conversions, with the extremes JSON allows: the request
 * as the HTTP mapper reads it, the event as the event store's serializer writes and reads it, the fold of
 * the projection, the read model as MongoDB's driver encodes it to BSON and decodes it, and the answer as the
 * HTTP mapper writes it again. Free-form JSON is text from the event on: the read model gives back, character
 * for character, what the event holds, and the answer has every value of the request.
 */
class JsonRoundTripTest {

    private static final Instant AT = Instant.parse("2026-11-27T08:00:00Z");
    /** How deeply a request body may nest; each body below nests that deep. */
    private static final int DEPTH = JsonLimits.MAX_DEPTH;
    private static final List<String> NUMBERS = List.of(
            "0", "-0", "0.0", "-0.0", "0e0", "1", "-1",
            "2147483647", "2147483648", "-2147483648", "-2147483649",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "18446744073709551616", "99999999999999999999999999999999999999999999",
            "9".repeat(999), "-" + "9".repeat(999),
            "1.10", "0.1", "0.1000000000000000000001", "3.141592653589793238462643383279502884197",
            "1e308", "1.7976931348623157e308", "1.7976931348623157E+308", "2e308", "1e400", "1e999", "-1e999",
            "2.2250738585072014e-308", "4.9e-324", "1e-324", "1e-400", "1e-1000", "-123.456e-789",
            "9999999999999999999999999999999999.5");
    private static final List<String> STRINGS = List.of(
            "", "plain", "\\u0000", "a\\u0000b", "\\ud83d\\ude00", "\\u00e9\\u0301", "\\uffff", "\\ufeff",
            "\\u2028\\u2029", "\\u202e", "\\\"\\\\\\/\\b\\f\\n\\r\\t", "$where", "a.b", "{\\\"$gt\\\":\\\"\\\"}");
    /** Keys MongoDB would refuse or read as operators and paths, were they ever BSON keys. */
    private static final List<String> KEYS = List.of("$set", "a.b", "\\u0000", "", "_id", "\\ud83d\\ude00");

    private static MongoServer server;
    private static MongoClient client;
    private static MongoTemplate mongo;
    private static ObjectMapper http;
    private static Serializer events;
    /** Compares values as the client sent them: numbers by their decimal value. */
    private static final ObjectMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    @BeforeAll
    static void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        mongo = new MongoTemplate(client, "round-trip");
        Jackson2ObjectMapperBuilder builder = Jackson2ObjectMapperBuilder.json();
        new HttpConfiguration().strictJson().customize(builder);
        http = builder.build();
        events = new AxonConfiguration().serializer(new AnnotationRevisionResolver());
    }

    @AfterAll
    static void stop() {
        client.close();
        server.shutdownNow();
    }

    /**
     * Every extreme value, in an array and in an object, under keys of every kind, and arrays and objects nested
     * so that the whole is {@code depth} levels deep.
     */
    private static String extremes(int depth) {
        StringBuilder json = new StringBuilder("{\"numbers\":[").append(String.join(",", NUMBERS)).append("],");
        json.append("\"strings\":[");
        STRINGS.forEach(text -> json.append('"').append(text).append("\","));
        json.append("\"").append("\\ud83d\\ude00".repeat(100_000)).append("\"],");
        json.append("\"keys\":{");
        for (int i = 0; i < KEYS.size(); i++) {
            json.append('"').append(KEYS.get(i)).append("\":").append(NUMBERS.get(i * 3 % NUMBERS.size())).append(',');
        }
        json.append("\"x\":true},");
        json.append("\"literals\":[true,false,null,{},[]],");
        json.append("\"arrays\":").append("[".repeat(depth - 1)).append("-9223372036854775809")
                .append("]".repeat(depth - 1)).append(',');
        json.append("\"objects\":").append("{\"$a.b\":".repeat(depth - 1)).append("1e-400")
                .append("}".repeat(depth - 1));
        return json.append('}').toString();
    }

    @Test
    void aCredentialsJsonIsKeptExactlyAndItsValuesAnsweredExactly() throws Exception {
        String sent = "{\"type\":[\"VerifiableCredential\",\"Lot\"],\"credentialSubject\":{\"id\":\"urn:x:\\u0000"
                + "\\ud83d\\ude00\",\"claims\":" + extremes(DEPTH - 2) + "},\"expirationDate\":\"2030-01-01T00:00:00Z\"}";
        String signed = asTheApiSendsIt(sent);

        CredentialIssued event = throughTheEventStore(new CredentialIssued("t1", "c-1", signed));
        CredentialDocument folded = CredentialDocument.issued(event, AT);
        CredentialDocument stored = throughMongo(folded, CredentialDocument.class, folded.id());

        assertThat(stored).isEqualTo(folded);
        assertThat(stored.credential()).as("the text as signed, character for character").isEqualTo(signed);
        assertThat(stored.subjects()).containsExactly("urn:x:\u0000\ud83d\ude00");
        assertThat(stored.types()).containsExactly("VerifiableCredential", "Lot");
        assertThat(stored.expiresAt()).isEqualTo(Instant.parse("2030-01-01T00:00:00Z"));
        assertSameValues(asTheApiAnswersIt(stored.credential()), sent);
    }

    @Test
    void aRendersVariablesAreKeptExactlyAndAnsweredExactly() throws Exception {
        String sent = extremes(DEPTH);
        String variables = asTheApiSendsIt(sent);
        String output = "\u0000\ud83d\ude00".repeat(50_000);

        CanvasTemplateRendered event = throughTheEventStore(
                new CanvasTemplateRendered("t1", "i-1", "tpl-1", Long.MAX_VALUE, variables, output, "u-1"));
        CanvasTemplateInstanceDocument folded = CanvasTemplateInstanceDocument.rendered(event, AT);
        CanvasTemplateInstanceDocument stored = throughMongo(folded, CanvasTemplateInstanceDocument.class, folded.id());

        assertThat(stored).isEqualTo(folded);
        assertThat(stored.variables()).isEqualTo(variables);
        assertThat(stored.renderedOutput()).isEqualTo(output);
        assertThat(stored.templateVersion()).isEqualTo(Long.MAX_VALUE);
        assertSameValues(asTheApiAnswersIt(stored.variables()), sent);
    }

    @Test
    void aSchemaIsKeptExactlyAndAnsweredExactly() throws Exception {
        String sent = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$defs\":{\"a.b\":"
                + "{\"multipleOf\":0.1000000000000000000001,\"maximum\":1e400,\"minimum\":-9223372036854775809}},"
                + "\"const\":" + extremes(DEPTH - 1) + "}";
        String schema = asTheApiSendsIt(sent);

        SchemaCreated event = throughTheEventStore(new SchemaCreated("t1", "s-1", "\u0000\ud83d\ude00", schema,
                List.of()));
        SchemaDocument folded = SchemaDocument.created(event, AT, Long.MAX_VALUE, Integer.MAX_VALUE);
        SchemaDocument stored = throughMongo(folded, SchemaDocument.class, folded.id());

        assertThat(stored).isEqualTo(folded);
        assertThat(stored.schema()).isEqualTo(schema);
        assertSameValues(asTheApiAnswersIt(stored.schema()), sent);
    }

    /** The request body read by the HTTP mapper and written as the command carries it (text). */
    private static String asTheApiSendsIt(String body) throws Exception {
        return http.writeValueAsString(http.readTree(body));
    }

    /** The stored text read by the HTTP mapper and written as the answer. */
    private static String asTheApiAnswersIt(String stored) throws Exception {
        return http.writeValueAsString(http.readTree(stored));
    }

    @SuppressWarnings("unchecked")
    private static <E> E throughTheEventStore(E event) {
        SerializedObject<byte[]> serialized = events.serialize(event, byte[].class);
        Object read = events.deserialize(serialized);
        assertThat(read).as("the event as the store gives it back").isEqualTo(event);
        return (E) read;
    }

    private static <D> D throughMongo(D document, Class<D> type, String id) {
        mongo.save(document);
        return mongo.findById(id, type);
    }

    /** The same values as sent: numbers by their decimal value (so {@code 1e400} is {@code 1E+400}), all else alike. */
    private static void assertSameValues(String answered, String sent) throws Exception {
        JsonNode actual = EXACT.readTree(answered);
        JsonNode expected = EXACT.readTree(sent);
        Comparator<JsonNode> byValue = (a, b) -> a.isNumber() && b.isNumber()
                ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;
        assertThat(actual.equals(byValue, expected)).as("every value as sent").isTrue();
        assertThat(numbers(actual)).as("every number as sent").isEqualTo(numbers(expected));
    }

    private static List<BigDecimal> numbers(JsonNode json) {
        return json.findValues("numbers").stream().flatMap(array -> {
            List<BigDecimal> values = new java.util.ArrayList<>();
            array.forEach(number -> values.add(number.decimalValue().stripTrailingZeros()));
            return values.stream();
        }).toList();
    }
}
