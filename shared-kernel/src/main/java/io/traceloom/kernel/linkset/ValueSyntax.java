package io.traceloom.kernel.linkset;

import io.traceloom.kernel.linkset.SyntaxDictionary.Component;
import io.traceloom.kernel.linkset.SyntaxDictionary.Entry;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Checks an AI's value against its components and their linters, as GS1's Syntax Engine does. Only the
 * linters of the AIs this service accepts are implemented; {@link #requireKnownLinters} makes a dictionary
 * that asks for another one fail loudly instead of checking less.
 */
final class ValueSyntax {

    static final String CSET82 = "!\"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
    static final String CSET39 = "#-/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String CSET64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    /** The characters of a GMN's check character pair. */
    static final String CSET32 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    static final String IMPORTER_INDEX = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

    /** The shortest GS1 Company Prefix: a key begins with one (gcppos1), or after its first digit (gcppos2). */
    private static final int GCP_MIN_LENGTH = 4;

    /** A linter: what is wrong with a component's value, or {@code null}. */
    private static final Map<String, BiFunction<Entry, String, String>> LINTERS = Map.of(
            "csum", (entry, value) -> checkDigit(value),
            "csumalpha", (entry, value) -> checkCharacterPair(value),
            "gcppos1", (entry, value) -> companyPrefixAt(value, 0),
            "gcppos2", (entry, value) -> companyPrefixAt(value, 1),
            "zero", (entry, value) -> value.equals("0") ? null : "must begin with the digit 0",
            "pieceoftotal", (entry, value) -> pieceOfTotal(value),
            "nozeroprefix", (entry, value) -> value.length() > 1 && value.charAt(0) == '0'
                    ? "must not begin with 0" : null,
            "importeridx", (entry, value) -> IMPORTER_INDEX.indexOf(value.charAt(0)) >= 0 ? null
                    : "must end with an importer index (a letter, digit, '-' or '_')");

    private ValueSyntax() {
    }

    static void requireKnownLinters(Entry entry) {
        for (Component component : entry.components()) {
            for (String linter : component.linters()) {
                if (!LINTERS.containsKey(linter)) {
                    throw new IllegalStateException("AI " + entry.ai() + " needs the linter '" + linter
                            + "', which is not implemented");
                }
            }
        }
    }

    /** What is wrong with {@code value} as the value of {@code entry}, or {@code null} when it is valid. */
    static String problem(Entry entry, String value) {
        if (value.isEmpty()) {
            return "has no value";
        }
        int at = 0;
        List<Component> components = entry.components();
        for (int i = 0; i < components.size(); i++) {
            Component component = components.get(i);
            int left = value.length() - at;
            if (left == 0 && component.optional()) {
                break;
            }
            int length = Math.min(left, component.maxLength());
            if (length < component.minLength()) {
                return mustBe(entry);
            }
            String part = value.substring(at, at + length);
            if (!inCharacterSet(component.type(), part)) {
                return mustBe(entry);
            }
            for (String linter : component.linters()) {
                String wrong = LINTERS.get(linter).apply(entry, part);
                if (wrong != null) {
                    return wrong;
                }
            }
            at += length;
        }
        return at == value.length() ? null : mustBe(entry);
    }

    /** {@code must be 14 digits}, or for several components {@code must be 13 digits, then 1 to 17 ...}. */
    private static String mustBe(Entry entry) {
        StringBuilder format = new StringBuilder("must be ");
        List<Component> components = entry.components();
        for (int i = 0; i < components.size(); i++) {
            Component component = components.get(i);
            if (i > 0) {
                format.append(component.optional() ? ", optionally followed by " : ", then ");
            }
            format.append(component.describe());
        }
        return format.toString();
    }

    private static boolean inCharacterSet(char type, String part) {
        String set = switch (type) {
            case 'X' -> CSET82;
            case 'Y' -> CSET39;
            case 'Z' -> CSET64;
            default -> null;
        };
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (set == null ? c < '0' || c > '9' : set.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The GS1 mod-10 check digit of the digits before the last, which must be it. */
    static String checkDigit(String digits) {
        int expected = mod10(digits.substring(0, digits.length() - 1));
        int given = digits.charAt(digits.length() - 1) - '0';
        return given == expected ? null
                : "has a wrong check digit: " + digits + " should end in " + expected;
    }

    /** Weights 3, 1, 3, ... from the rightmost digit leftwards; the check digit tops the sum up to a ten. */
    static int mod10(String digits) {
        int sum = 0;
        boolean three = true;
        for (int i = digits.length() - 1; i >= 0; i--) {
            sum += (digits.charAt(i) - '0') * (three ? 3 : 1);
            three = !three;
        }
        return (10 - sum % 10) % 10;
    }

    /**
     * The check character pair of a GMN (GS1 General Specifications, "Check character calculation for
     * alphanumeric keys"): each character before the pair weighted by a prime, 2, 3, 5, ... from the right,
     * summed modulo 1021, written as two characters of {@link #CSET32}.
     */
    static String checkCharacterPair(String value) {
        if (value.length() < 3) {
            return "must end with its two check characters";
        }
        String pair = checkCharacters(value.substring(0, value.length() - 2));
        return value.endsWith(pair) ? null
                : "has wrong check characters: " + value + " should end in " + pair;
    }

    static String checkCharacters(String data) {
        int sum = 0;
        int prime = 1;
        for (int i = data.length() - 1; i >= 0; i--) {
            prime = nextPrime(prime);
            sum += CSET82.indexOf(data.charAt(i)) * prime;
        }
        sum %= 1021;
        return "" + CSET32.charAt(sum >> 5) + CSET32.charAt(sum & 31);
    }

    private static int nextPrime(int after) {
        for (int candidate = after + 1; ; candidate++) {
            boolean prime = true;
            for (int divisor = 2; divisor * divisor <= candidate; divisor++) {
                if (candidate % divisor == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) {
                return candidate;
            }
        }
    }

    private static String companyPrefixAt(String value, int from) {
        if (value.length() < from + GCP_MIN_LENGTH) {
            return "must begin with a GS1 Company Prefix";
        }
        for (int i = from; i < from + GCP_MIN_LENGTH; i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return "must begin with a GS1 Company Prefix (at least " + GCP_MIN_LENGTH + " digits"
                        + (from == 0 ? ")" : " after its first digit)");
            }
        }
        return null;
    }

    /** {@code PPTT}: piece PP of TT, both from 1, the piece not beyond the total. */
    private static String pieceOfTotal(String value) {
        int half = value.length() / 2;
        int piece = Integer.parseInt(value.substring(0, half));
        int total = Integer.parseInt(value.substring(half));
        return piece == 0 || total == 0 || piece > total
                ? "must end with a piece number and a total number of pieces, both from 1, the piece not beyond the "
                + "total" : null;
    }
}
