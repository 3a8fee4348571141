package io.traceloom.api.support;

import java.util.regex.Pattern;

/** What every problem+json answer of this service must and must not say. */
public final class ProblemJson {

    /**
     * What a {@code detail} never holds: a Java package or class, an exception's name, a parser's token names
     * or the backquoted type names of Jackson's messages. A problem is read by people who never saw the code.
     */
    public static final Pattern LEAKS = Pattern.compile("java\\.|jakarta\\.|com\\.fasterxml|org\\.springframework"
            + "|org\\.apache|io\\.traceloom|[A-Za-z]Exception\\b|JsonToken|START_OBJECT|START_ARRAY|END_OBJECT"
            + "|END_ARRAY|VALUE_STRING|VALUE_NUMBER_INT|VALUE_NUMBER_FLOAT|VALUE_TRUE|VALUE_FALSE|VALUE_NULL"
            + "|FIELD_NAME|`");

    private ProblemJson() {
    }
}
