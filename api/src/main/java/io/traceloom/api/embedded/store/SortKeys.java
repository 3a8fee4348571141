package io.traceloom.api.embedded.store;

import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.time.Instant;
import java.util.UUID;

/**
 * Writes values as strings whose order ({@link String#compareTo}, the order of an H2 {@code MVMap<String, ?>}) is
 * the order mongo-java-server sorts them in ({@code ValueComparator}), so that an index kept in such a map can be
 * walked instead of sorting a collection.
 *
 * <p>Each value is a component: a type tag in the comparator's type order (null and missing alike first, then
 * numbers, strings, UUIDs, ObjectIds, booleans, dates) and a payload of fixed length, or for a string its escaped
 * characters and a terminator. No component is a prefix of another, so components written one after the other
 * compare component by component, and a descending component is the ascending one with each character
 * complemented. Every character written lies strictly between {@link #BELOW} and {@link #ABOVE}, which therefore
 * bound the keys that start with a given prefix.
 *
 * <p>A value is written only when its order here is certain to be the comparator's; anything else is refused
 * ({@link #append} answers false) and the caller must not use an order for it: arrays and sub-documents (which
 * the comparator orders by their elements), {@code java.util.Date} (which mongo-java-server never holds and cannot
 * sort), NaN, and numbers the comparator compares inexactly (a {@code long} beyond 2^53, a fractional double beyond
 * 2^31: it compares a long with a double's integer part), Decimal128 and the rarer BSON types.
 */
final class SortKeys {

    /** Lower than every character a component is made of. */
    static final char BELOW = '\u0000';

    /** Higher than every character a component is made of. */
    static final char ABOVE = '\uFFFF';

    private static final char NULL = 'A';
    private static final char NUMBER = 'B';
    private static final char STRING = 'C';
    private static final char UUID_TAG = 'H';
    private static final char OBJECT_ID = 'I';
    private static final char BOOLEAN = 'J';
    private static final char DATE = 'K';

    private static final char END_OF_STRING = '\u0001';
    private static final char ESCAPE_LOW = '\u0002';
    private static final char ESCAPE_HIGH = '\uFFFE';

    private static final long EXACT_LONG = 1L << 53;
    private static final double EXACT_FRACTION = 0x1p31;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SortKeys() {
    }

    /**
     * Appends value's component, in descending order when not ascending; answers false, leaving out as it was,
     * when value has no component whose order is certain.
     */
    static boolean append(StringBuilder out, Object value, boolean ascending) {
        int start = out.length();
        if (!appendAscending(out, value)) {
            out.setLength(start);
            return false;
        }
        if (!ascending) {
            for (int i = start; i < out.length(); i++) {
                out.setCharAt(i, (char) (0xFFFF - out.charAt(i)));
            }
        }
        return true;
    }

    private static boolean appendAscending(StringBuilder out, Object value) {
        if (Missing.isNullOrMissing(value)) {
            out.append(NULL);
        } else if (value instanceof Number number) {
            if (!comparesExactly(number)) {
                return false;
            }
            long bits = Double.doubleToLongBits(number.doubleValue() + 0.0); // + 0.0: -0.0 is 0 to the comparator
            appendHex(out.append(NUMBER), bits ^ ((bits >> 63) | Long.MIN_VALUE), 16);
        } else if (value instanceof String string) {
            appendEscaped(out.append(STRING), string);
        } else if (value instanceof UUID uuid) {
            out.append(UUID_TAG).append(uuid); // the comparator compares UUIDs by their text, of fixed length
        } else if (value instanceof ObjectId objectId) {
            out.append(OBJECT_ID);
            for (byte b : objectId.toByteArray()) {
                appendHex(out, b & 0xFF, 2);
            }
        } else if (value instanceof Boolean bool) {
            out.append(BOOLEAN).append(bool ? '1' : '0');
        } else if (value instanceof Instant instant) {
            appendHex(out.append(DATE), instant.getEpochSecond() ^ Long.MIN_VALUE, 16);
            appendHex(out, instant.getNano(), 8);
        } else {
            return false;
        }
        return true;
    }

    /**
     * Whether the comparator orders this number by its value among all the numbers this accepts: it compares
     * two numbers as longs as soon as one of them is an integer beyond the int range, which truncates a
     * fractional double, and it loses a long beyond 2^53 in a double; NaN it orders as 0 against a long.
     */
    private static boolean comparesExactly(Number number) {
        if (number instanceof Integer || number instanceof Short || number instanceof Byte) {
            return true;
        }
        if (number instanceof Long value) {
            return value >= -EXACT_LONG && value <= EXACT_LONG;
        }
        if (number instanceof Double || number instanceof Float) {
            double value = number.doubleValue();
            return Double.isInfinite(value) || Math.abs(value) < EXACT_FRACTION
                    || Math.abs(value) <= EXACT_LONG && value == Math.rint(value);
        }
        return false;
    }

    /**
     * A string's characters, those at either end of the range escaped so that none is {@link #BELOW},
     * {@link #ABOVE} or the terminator, then the terminator, lowest of all: a string sorts before its extensions.
     */
    private static void appendEscaped(StringBuilder out, String string) {
        for (int i = 0; i < string.length(); i++) {
            char c = string.charAt(i);
            if (c <= ESCAPE_LOW) {
                out.append(ESCAPE_LOW).append((char) (c + 1));
            } else if (c >= ESCAPE_HIGH) {
                out.append(ESCAPE_HIGH).append((char) (c - 1));
            } else {
                out.append(c);
            }
        }
        out.append(END_OF_STRING);
    }

    private static void appendHex(StringBuilder out, long value, int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            out.append(HEX[(int) (value >>> shift) & 0xF]);
        }
    }
}
