package io.traceloom.query.credential;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What the credentials' read model keeps beside a credential's JSON text, to filter lists on: its types, the
 * ids of its subjects, when it expires. Read with a streaming parser that looks at those members only and
 * steps over everything else without interpreting it, so the fold takes whatever the command side signed:
 * numbers of any size or precision (never read into a {@code long} or a {@code double}), nesting of any depth,
 * strings of any length. (BSON's {@code Document.parse} read every integer into 64 bits and failed, for good,
 * on the first credential with a larger one.)
 *
 * @param expiresAt its {@code expirationDate} (VC 1.1) or {@code validUntil} (VC 2.0); {@code null}: never
 */
record CredentialSummary(List<String> types, List<String> subjects, Instant expiresAt) {

    /** No limit of its own: what the service signed, it must be able to read back. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .build();

    /** @throws IllegalArgumentException when the text is not a JSON object */
    static CredentialSummary of(String credential) {
        List<String> types = new ArrayList<>();
        List<String> subjects = new ArrayList<>();
        Instant expirationDate = null;
        Instant validUntil = null;
        try (JsonParser parser = JSON.createParser(credential)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("A credential is a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (name) {
                    case "type" -> {
                        types.clear();
                        strings(parser, value, types);
                    }
                    case "credentialSubject" -> {
                        subjects.clear();
                        subjectIds(parser, value, subjects);
                    }
                    case "expirationDate" -> expirationDate = instant(parser, value);
                    case "validUntil" -> validUntil = instant(parser, value);
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("A credential that is not JSON", e);
        }
        return new CredentialSummary(List.copyOf(types), List.copyOf(subjects),
                expirationDate != null ? expirationDate : validUntil);
    }

    /** A string, or the strings of an array (anything else in it left out). */
    private static void strings(JsonParser parser, JsonToken value, List<String> into) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            into.add(parser.getText());
        } else if (value == JsonToken.START_ARRAY) {
            for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                if (item == JsonToken.VALUE_STRING) {
                    into.add(parser.getText());
                } else {
                    parser.skipChildren();
                }
            }
        } else {
            parser.skipChildren();
        }
    }

    /** The {@code id} of a subject, or of each subject of an array, where it is a string. */
    private static void subjectIds(JsonParser parser, JsonToken value, List<String> into) throws IOException {
        if (value == JsonToken.START_OBJECT) {
            subjectId(parser, into);
        } else if (value == JsonToken.START_ARRAY) {
            for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                if (item == JsonToken.START_OBJECT) {
                    subjectId(parser, into);
                } else {
                    parser.skipChildren();
                }
            }
        } else {
            parser.skipChildren();
        }
    }

    /** Reads one subject object to its end, keeping its {@code id} (the last, should it be given twice). */
    private static void subjectId(JsonParser parser, List<String> into) throws IOException {
        String id = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (name.equals("id")) {
                id = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            }
            parser.skipChildren();
        }
        if (id != null) {
            into.add(id);
        }
    }

    private static Instant instant(JsonParser parser, JsonToken value) throws IOException {
        if (value != JsonToken.VALUE_STRING) {
            parser.skipChildren();
            return null;
        }
        try {
            return OffsetDateTime.parse(parser.getText()).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
