package io.traceloom.command.credential.proof;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;

/**
 * JSON builders from one provider, looked up once. {@code jakarta.json.Json}'s static methods look the
 * provider up through {@code ServiceLoader} on every call, which in a packaged Spring Boot jar means
 * scanning nested jars under a lock: it showed as request threads queueing while issuing credentials.
 */
public final class JsonValues {

    private static final JsonProvider PROVIDER = com.apicatalog.jsonld.json.JsonProvider.instance();

    private JsonValues() {
    }

    public static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder object(JsonObject copy) {
        return PROVIDER.createObjectBuilder(copy);
    }

    public static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonString string(String value) {
        return PROVIDER.createValue(value);
    }

    public static JsonReader reader(String json) {
        return PROVIDER.createReader(new StringReader(json));
    }
}
