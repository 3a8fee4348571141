package io.traceloom.api.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.temporal.TemporalAccessor;

/**
 * A date-time in a request is an ISO-8601 string, nothing else. Jackson's java.time support also reads a
 * number as seconds since 1970 ({@code "expirationDate": 12} would be 1970-01-01T00:00:12Z) and ignores
 * the coercion settings that keep numbers out of strings, so it is told here, once for every date-time type.
 */
final class TemporalsAsText extends SimpleModule {

    TemporalsAsText() {
        super("TemporalsAsText");
        setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription description,
                                                          JsonDeserializer<?> deserializer) {
                return TemporalAccessor.class.isAssignableFrom(description.getBeanClass())
                        ? new TextOnly(deserializer) : deserializer;
            }
        });
    }

    private static final class TextOnly extends DelegatingDeserializer {

        TextOnly(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new TextOnly(delegate);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                return context.handleUnexpectedToken(handledType(), parser);
            }
            return super.deserialize(parser, context);
        }
    }
}
