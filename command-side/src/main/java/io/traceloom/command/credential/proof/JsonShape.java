package io.traceloom.command.credential.proof;

import static io.traceloom.command.credential.model.InvalidCredentialException.excerpt;

import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.InvalidCredentialException;
import io.traceloom.command.credential.model.OverLimitException;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;

/**
 * The JSON of a credential, checked before any JSON-LD processing, in one pass without recursion (so that
 * the check itself cannot overflow the stack): its nesting and array sizes are within the limits, and it
 * holds nothing JSON-LD would drop without a word before the signature could cover it (nulls, keys that
 * look like keywords but are not, contexts other than the bundled ones named at the top).
 */
final class JsonShape {

    /** The keywords a credential may use as keys; the rest are dropped, or carry what RDF does not sign. */
    private static final Set<String> KEYWORDS = Set.of("@id", "@type", "@value", "@language", "@list", "@set",
            "@graph");
    private static final Set<String> UNSIGNED_KEYWORDS = Set.of("@index", "@direction");
    /** Numbers beyond this scale cost titanium more to write as RDF than their size suggests. */
    private static final int MAX_NUMBER_SCALE = 400;
    private static final BigDecimal TEN_TO_21 = BigDecimal.TEN.pow(21);
    private static final int DOUBLE_DIGITS = 16;

    private JsonShape() {
    }

    private record Step(JsonValue value, int depth, Step parent, String key, int index) {

        /** The JSON path of the value, e.g. {@code credentialSubject.lots[2].kg}. */
        String path() {
            Deque<String> parts = new ArrayDeque<>();
            for (Step step = this; step != null && step.parent != null; step = step.parent) {
                parts.push(step.key != null ? (step.parent.parent == null ? "" : ".") + excerpt(step.key)
                        : "[" + step.index + "]");
            }
            return parts.isEmpty() ? "credential" : excerpt(String.join("", parts), 200);
        }
    }

    /** @throws InvalidCredentialException naming the JSON path at fault ({@link OverLimitException} for limits) */
    static void check(JsonObject document, WorkBudget budget) throws InvalidCredentialException {
        Limits limits = budget.limits();
        Deque<Step> pending = new ArrayDeque<>();
        pending.push(new Step(document, 1, null, null, -1));
        long visited = 0;
        while (!pending.isEmpty()) {
            Step step = pending.pop();
            if ((++visited & 0xfff) == 0) {
                budget.checkDeadline();
            }
            if (step.depth > limits.maxDepth()) {
                throw new OverLimitException(step.parent.path(), "nested deeper than "
                        + "traceloom.credentials.limits.max-depth (" + limits.maxDepth() + ") levels");
            }
            switch (step.value.getValueType()) {
                case OBJECT -> {
                    for (Map.Entry<String, JsonValue> entry : step.value.asJsonObject().entrySet()) {
                        Step child = new Step(entry.getValue(), step.depth + 1, step, entry.getKey(), -1);
                        checkKey(child, step.parent == null);
                        if (!(step.parent == null && entry.getKey().equals("@context"))) {
                            pending.push(child);
                        }
                    }
                }
                case ARRAY -> {
                    JsonArray array = step.value.asJsonArray();
                    if (array.size() > limits.maxArrayItems()) {
                        throw new OverLimitException(step.path(), "holds " + array.size() + " items, more than "
                                + "traceloom.credentials.limits.max-array-items (" + limits.maxArrayItems() + ")");
                    }
                    for (int i = array.size() - 1; i >= 0; i--) {
                        pending.push(new Step(array.get(i), step.depth + 1, step, null, i));
                    }
                }
                case NULL -> throw new InvalidCredentialException(step.path(),
                        "null: JSON-LD drops it, so it would not be signed; leave the property out instead");
                case NUMBER -> checkNumber(step);
                default -> {
                }
            }
        }
    }

    private static void checkKey(Step step, boolean topLevel) throws InvalidCredentialException {
        String key = step.key;
        if (key.equals("@context")) {
            if (!topLevel) {
                throw new InvalidCredentialException(step.path(), "contexts may be named only at the top of "
                        + "the credential, and only the bundled ones");
            }
            checkContexts(step);
        } else if (UNSIGNED_KEYWORDS.contains(key)) {
            throw new InvalidCredentialException(step.path(), key + " does not reach RDF, so it would not be signed");
        } else if (key.startsWith("@") && !KEYWORDS.contains(key)) {
            throw new InvalidCredentialException(step.path(), "'" + excerpt(key) + "' looks like a JSON-LD keyword "
                    + "but is not one this service signs, so JSON-LD would drop it");
        }
    }

    /** Only contexts named by URL: an inline context could define terms whose values JSON-LD drops. */
    private static void checkContexts(Step step) throws InvalidCredentialException {
        JsonValue contexts = step.value;
        if (contexts instanceof JsonArray array) {
            if (array.size() > 16) {
                throw new OverLimitException(step.path(), "names more than 16 contexts");
            }
            for (JsonValue context : array) {
                if (context.getValueType() != JsonValue.ValueType.STRING) {
                    throw new InvalidCredentialException(step.path(), "must name bundled contexts by their URL");
                }
            }
        } else if (contexts.getValueType() != JsonValue.ValueType.STRING) {
            throw new InvalidCredentialException(step.path(), "must name bundled contexts by their URL");
        }
    }

    private static void checkNumber(Step step) throws InvalidCredentialException {
        BigDecimal number;
        try {
            number = ((JsonNumber) step.value).bigDecimalValue();
        } catch (JsonException | ArithmeticException | UnsupportedOperationException e) {
            throw new OverLimitException(step.path(), "a number too large to sign");
        }
        if (Math.abs((long) number.scale()) > MAX_NUMBER_SCALE || number.precision() > MAX_NUMBER_SCALE) {
            throw new OverLimitException(step.path(), "a number with more than " + MAX_NUMBER_SCALE
                    + " digits or decimal places");
        }
        if (signedAsDouble(number) && !keptByDouble(number)) {
            throw new InvalidCredentialException(step.path(), "the number " + excerpt(number.toString())
                    + " would be signed as an xsd:double, which keeps " + DOUBLE_DIGITS + " significant digits "
                    + "within a double's range, so the signature would not cover all of it; send it with fewer "
                    + "digits, or as a string");
        }
    }

    /**
     * JSON-LD writes a number with a fraction, or of 10^21 or more, as an {@code xsd:double} in its canonical
     * form (RDFC-1.0 then signs that): one digit, a point and at most fifteen more, and an exponent. Other
     * integers are {@code xsd:integer}s, written with all their digits. (Titanium tells a fraction by the
     * number's double, so it writes {@code 1.0000000000000000000001} as the integer 1: refused all the same.)
     */
    private static boolean signedAsDouble(BigDecimal number) {
        return number.stripTrailingZeros().scale() > 0 || number.compareTo(TEN_TO_21) >= 0;
    }

    /**
     * Whether the canonical {@code xsd:double} says the number exactly, so that no other number has the same
     * signature, in any processor: at most sixteen significant digits, and a double's range (JSON-LD
     * processors of JavaScript read every number as one: {@code 1e400} would be infinity to them).
     */
    private static boolean keptByDouble(BigDecimal number) {
        if (number.signum() == 0) {
            return true;
        }
        double value = number.doubleValue();
        return number.stripTrailingZeros().precision() <= DOUBLE_DIGITS && Double.isFinite(value) && value != 0;
    }
}
