package io.traceloom.api.http;

import io.traceloom.api.problem.InvalidRequestException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Instants as query parameters take them: RFC 3339 date-times with their offset. */
public final class DateTimes {

    private DateTimes() {
    }

    /** The instant {@code value} names, or a 400 naming {@code parameter}. */
    public static Instant parse(String parameter, String value) {
        try {
            return OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(parameter,
                    "must be a date-time with its offset, e.g. 2026-11-01T12:00:00Z (a + in an offset is %2B)");
        }
    }
}
