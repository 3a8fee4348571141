package io.traceloom.kernel.linkset;

import io.traceloom.kernel.linkset.SyntaxDictionary.Entry;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The path of a GS1 Digital Link URI: a primary key ({@code 01/09506000134352}) and its key qualifiers in
 * the order the standard allows for that key ({@code 10/LOT1}). Values are checked as GS1's Syntax
 * Dictionary describes them (format, check digits, company prefix), which is where the table comes from:
 * {@link #PRIMARY_KEYS} names the keys this service accepts, everything else is the dictionary's.
 *
 * <p>Values are held decoded. Written out ({@link #identifier()}, {@link #key()}), each value is
 * percent-encoded the one way this class does it, so two links with the same values have the same key
 * however the client encoded them.
 *
 * @param primaryKey the primary key's AI and value
 * @param qualifiers the key qualifiers, in path order
 */
public record DigitalLink(Element primaryKey, List<Element> qualifiers) {

    /**
     * The primary keys of GS1 Digital Link 1.2 that link sets and the resolver accept. Not 415 (the pay-to
     * GLN, which is a key only together with its 8020 invoice reference, never alone).
     */
    public static final List<String> PRIMARY_KEYS = List.of("01", "00", "253", "255", "401", "402", "414", "417",
            "8003", "8004", "8006", "8010", "8013", "8017", "8018");

    /** Characters written as they are in a value; everything else is percent-encoded (RFC 3986 pchar). */
    private static final String UNENCODED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    static {
        for (String ai : PRIMARY_KEYS) {
            Entry key = SyntaxDictionary.entry(ai).filter(Entry::isPrimaryKey).orElseThrow(() ->
                    new IllegalStateException("GS1's syntax dictionary has no Digital Link primary key " + ai));
            ValueSyntax.requireKnownLinters(key);
            key.dlQualifiers().stream().flatMap(List::stream).forEach(qualifier -> ValueSyntax.requireKnownLinters(
                    SyntaxDictionary.entry(qualifier).orElseThrow(() -> new IllegalStateException(
                            "GS1's syntax dictionary has no qualifier " + qualifier))));
        }
    }

    /** An AI and its (decoded) value. */
    public record Element(String ai, String value) {

        /** {@code 10/LOT1}, the value percent-encoded. */
        public String path() {
            return ai + "/" + encode(value);
        }
    }

    public DigitalLink {
        qualifiers = List.copyOf(qualifiers);
    }

    /**
     * A link set's identifier and qualifier: {@code 01/09506000134352} (a leading {@code /} is tolerated) and
     * {@code 10/LOT1} or empty. Values are percent-encoded as in a URI path.
     *
     * @throws InvalidDigitalLinkException naming {@code identifier} or {@code qualifier}
     */
    public static DigitalLink of(String identifier, String qualifier) {
        List<String> key = segments("identifier", identifier);
        if (key.size() != 2) {
            throw new InvalidDigitalLinkException("identifier", key.size() < 2
                    ? "identifier must be a GS1 primary key as AI/value, such as 01/09506000134352."
                    : "identifier must be the primary key alone (AI/value); key qualifiers such as 10/LOT1 go in "
                    + "qualifier.");
        }
        List<String> qualifiers = qualifier == null ? List.of() : segments("qualifier", qualifier);
        if (qualifiers.size() % 2 != 0) {
            throw new InvalidDigitalLinkException("qualifier", "qualifier must be key qualifiers as AI/value pairs, "
                    + "such as 10/LOT1 or 22/2A/21/XYZ.");
        }
        Element primaryKey = primaryKey("identifier", key.get(0), key.get(1));
        return withQualifiers(primaryKey, qualifiers, "qualifier");
    }

    /**
     * The path of a resolver request as sent ({@code /01/09506000134352/10/LOT%2F1}, a trailing slash
     * tolerated).
     *
     * @throws InvalidDigitalLinkException naming {@code path}
     */
    public static DigitalLink ofPath(String rawPath) {
        List<String> segments = segments("path", rawPath.endsWith("/") ? rawPath.substring(0, rawPath.length() - 1)
                : rawPath);
        if (segments.size() < 2 || segments.size() % 2 != 0) {
            throw new InvalidDigitalLinkException("path", "A GS1 Digital Link path is a primary key and its key "
                    + "qualifiers as AI/value pairs, such as /01/09506000134352/10/LOT1.");
        }
        Element primaryKey = primaryKey("path", segments.get(0), segments.get(1));
        return withQualifiers(primaryKey, segments.subList(2, segments.size()), "path");
    }

    /** {@code 01/09506000134352}: the primary key, values percent-encoded, no leading slash. */
    public String identifier() {
        return primaryKey.path();
    }

    /** {@code 10/LOT1}, or empty when there are none. */
    public String qualifier() {
        List<String> paths = qualifiers.stream().map(Element::path).toList();
        return String.join("/", paths);
    }

    /** {@code 01/09506000134352/10/LOT1}: what identifies the link in the whole service. */
    public String key() {
        return key(identifier(), qualifier());
    }

    /** The key of a normalised identifier and qualifier (as {@link #identifier()} and {@link #qualifier()}). */
    public static String key(String identifier, String qualifier) {
        return qualifier.isEmpty() ? identifier : identifier + "/" + qualifier;
    }

    /**
     * This link and the less specific ones a resolver falls back to, most specific first:
     * {@code 01/x/10/y/21/z}, {@code 01/x/10/y}, {@code 01/x}.
     */
    public List<DigitalLink> levels() {
        List<DigitalLink> levels = new ArrayList<>();
        for (int n = qualifiers.size(); n >= 0; n--) {
            levels.add(new DigitalLink(primaryKey, qualifiers.subList(0, n)));
        }
        return levels;
    }

    private static Element primaryKey(String part, String ai, String value) {
        Entry entry = SyntaxDictionary.entry(ai).orElse(null);
        if (entry == null || !PRIMARY_KEYS.contains(ai)) {
            throw new InvalidDigitalLinkException(part, (entry == null ? "'" + ai + "' is not a GS1 Application "
                    + "Identifier" : ai + " (" + entry.title() + ") is not a GS1 Digital Link primary key")
                    + "; the primary keys are " + String.join(", ", PRIMARY_KEYS) + ".");
        }
        String wrong = ValueSyntax.problem(entry, value);
        if (wrong != null) {
            throw new InvalidDigitalLinkException(part, "The " + entry.named() + " '" + value + "' " + wrong
                    + (ai.equals("01") && value.matches("\\d{8}|\\d{12,13}")
                    ? " (a GTIN is written with 14 digits: pad it with leading zeros)." : "."));
        }
        return new Element(ai, value);
    }

    /** Qualifiers in the order of one of the key's sequences, each at most once, with valid values. */
    private static DigitalLink withQualifiers(Element primaryKey, List<String> segments, String part) {
        Entry key = SyntaxDictionary.entry(primaryKey.ai()).orElseThrow();
        List<Element> qualifiers = new ArrayList<>();
        for (int i = 0; i < segments.size(); i += 2) {
            qualifiers.add(new Element(segments.get(i), segments.get(i + 1)));
        }
        List<String> ais = qualifiers.stream().map(Element::ai).toList();
        if (!ais.isEmpty() && key.dlQualifiers().stream().noneMatch(sequence -> inOrder(ais, sequence))) {
            throw new InvalidDigitalLinkException(part, qualifierProblem(key, ais));
        }
        Set<String> present = new HashSet<>(ais);
        present.add(key.ai());
        for (Element qualifier : qualifiers) {
            Entry entry = SyntaxDictionary.entry(qualifier.ai()).orElseThrow();
            if (!entry.requires().isEmpty() && entry.requires().stream().noneMatch(group -> allPresent(group, present))) {
                throw new InvalidDigitalLinkException(part, entry.named() + " is not a key qualifier of "
                        + key.named() + ".");
            }
            String wrong = ValueSyntax.problem(entry, qualifier.value());
            if (wrong != null) {
                throw new InvalidDigitalLinkException(part, "The " + entry.named() + " '" + qualifier.value() + "' "
                        + wrong + ".");
            }
        }
        return new DigitalLink(primaryKey, qualifiers);
    }

    private static String qualifierProblem(Entry key, List<String> ais) {
        if (key.dlQualifiers().isEmpty()) {
            return key.named() + " takes no key qualifiers; data attributes go in the query string.";
        }
        List<String> sequences = key.dlQualifiers().stream().map(sequence -> String.join(", ", sequence)).toList();
        Set<String> known = new HashSet<>();
        key.dlQualifiers().forEach(known::addAll);
        String unknown = ais.stream().filter(ai -> !known.contains(ai)).findFirst().orElse(null);
        String allowed = " The key qualifiers of " + key.named() + " are " + String.join(", or ", sequences)
                + ", each at most once and in this order.";
        if (unknown != null) {
            return SyntaxDictionary.entry(unknown).map(entry -> entry.named() + " is not a key qualifier of "
                    + key.named() + "; data attributes go in the query string.")
                    .orElse("'" + unknown + "' is not a GS1 Application Identifier.") + allowed;
        }
        return "The key qualifiers " + String.join(", ", ais) + " are out of order, repeated or mixed." + allowed;
    }

    /** Whether {@code ais} is a subsequence of {@code sequence}: each at most once, in its order. */
    private static boolean inOrder(List<String> ais, List<String> sequence) {
        int at = 0;
        for (String ai : ais) {
            int found = sequence.subList(at, sequence.size()).indexOf(ai);
            if (found < 0) {
                return false;
            }
            at += found + 1;
        }
        return true;
    }

    /** A {@code req=} group ({@code 01}, {@code 01+21}, {@code 35nn}) whose every member is present. */
    private static boolean allPresent(List<String> group, Set<String> present) {
        return group.stream().allMatch(wanted -> present.stream().anyMatch(ai -> ai.matches(wanted.replace('n', '.'))));
    }

    /** The segments of a path, each percent-decoded; a leading slash is tolerated, empty segments are not. */
    private static List<String> segments(String part, String path) {
        if (path.isEmpty()) {
            return List.of();
        }
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        List<String> segments = new ArrayList<>();
        for (String raw : trimmed.split("/", -1)) {
            if (raw.isEmpty()) {
                throw new InvalidDigitalLinkException(part, "An AI or a value is empty (two slashes in a row, or "
                        + "one at the end).");
            }
            segments.add(decode(part, raw));
        }
        return segments;
    }

    /** Percent-decoding as in a URI path: {@code +} is a plus, the bytes must be UTF-8. */
    static String decode(String part, String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c != '%') {
                byte[] plain = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(plain, 0, plain.length);
                continue;
            }
            int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
            int low = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 2), 16) : -1;
            if (high < 0 || low < 0) {
                throw new InvalidDigitalLinkException(part, "'" + raw + "' has a '%' that does not start a "
                        + "percent-encoded byte ('%' and two hexadecimal digits).");
            }
            bytes.write(high * 16 + low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidDigitalLinkException(part, "'" + raw + "' does not decode to UTF-8 text.");
        }
    }

    /** A value as it is written in a path: percent-encoded where RFC 3986 does not allow it as it is. */
    static String encode(String value) {
        StringBuilder encoded = new StringBuilder(value.length());
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && UNENCODED.indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
            }
        }
        return encoded.toString();
    }
}
