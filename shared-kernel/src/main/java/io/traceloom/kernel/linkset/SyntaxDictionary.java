package io.traceloom.kernel.linkset;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GS1's Barcode Syntax Dictionary, the machine-readable table of Application Identifiers that GS1's own
 * Syntax Engine is built from (bundled as {@value #RESOURCE}, Apache-2.0, see SOURCES.md beside it): for
 * each AI its value format as components, the "linters" that check them, the AIs it requires, and for
 * GS1 Digital Link whether it is a primary key and which key qualifiers it takes, in which order. The
 * Digital Link rules of this service are read from it, so a new release of GS1's file is taken by
 * replacing the file (and running the tests).
 */
final class SyntaxDictionary {

    static final String RESOURCE = "gs1-syntax-dictionary.txt";

    /** A spec component: {@code N14,csum}, {@code X..20}, {@code [N..12]}. */
    private static final Pattern COMPONENT = Pattern.compile("([NXYZ])(?:(\\d*)(\\.\\.))?(\\d+)((?:,[a-z0-9]+)*)");
    private static final Pattern AI_RANGE = Pattern.compile("(\\d{2,4})(?:-(\\d{2,4}))?");
    private static final String FLAG_CHARACTERS = "*!?\"$%&'()+,-./:;<=>@[\\]^_`{|}~";

    /** One component of an AI's value, e.g. {@code N13,csum,gcppos1} or the optional {@code [X..17]}. */
    record Component(char type, int minLength, int maxLength, boolean optional, List<String> linters) {

        String describe() {
            String length = minLength == maxLength ? Integer.toString(maxLength)
                    : minLength == 1 ? "1 to " + maxLength : minLength + " to " + maxLength;
            return length + switch (type) {
                case 'N' -> maxLength == 1 ? " digit" : " digits";
                case 'X' -> maxLength == 1 ? " character of GS1's character set 82" : " characters of GS1's character set 82";
                case 'Y' -> maxLength == 1 ? " character of A-Z, 0-9, '#', '-' and '/'"
                        : " characters of A-Z, 0-9, '#', '-' and '/'";
                default -> maxLength == 1 ? " character of A-Z, a-z, 0-9, '-' and '_'"
                        : " characters of A-Z, a-z, 0-9, '-' and '_'";
            };
        }
    }

    /**
     * One AI of the dictionary.
     *
     * @param requires     {@code req=}: alternatives, each a list of AIs (or patterns such as {@code 35nn})
     *                     that must all be present with it; empty when it requires nothing
     * @param dlQualifiers {@code dlpkey}: the alternative sequences of key qualifiers when it is a GS1 Digital
     *                     Link primary key (an empty list: a key without qualifiers), or {@code null}
     */
    record Entry(String ai, String title, String specification, List<Component> components,
                 List<List<String>> requires, List<List<String>> dlQualifiers) {

        boolean isPrimaryKey() {
            return dlQualifiers != null;
        }

        /** The AI and its title, as messages name it: {@code 01 (GTIN)}. */
        String named() {
            return ai + " (" + title + ")";
        }
    }

    private static final Map<String, Entry> ENTRIES = read();

    private SyntaxDictionary() {
    }

    static Optional<Entry> entry(String ai) {
        return Optional.ofNullable(ENTRIES.get(ai));
    }

    static Map<String, Entry> entries() {
        return ENTRIES;
    }

    private static Map<String, Entry> read() {
        Map<String, Entry> entries = new LinkedHashMap<>();
        try (InputStream in = SyntaxDictionary.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    parse(line).forEach(entry -> entries.put(entry.ai(), entry));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.copyOf(entries);
    }

    /** {@code AIs [Flags] Specification [Attributes...] [# Title]}, as the file's header describes it. */
    static List<Entry> parse(String line) {
        int hash = line.indexOf('#');
        String title = hash < 0 ? "" : line.substring(hash + 1).trim();
        List<String> tokens = new ArrayList<>(Arrays.asList((hash < 0 ? line : line.substring(0, hash)).trim()
                .split("\\s+")));
        Matcher ais = AI_RANGE.matcher(tokens.remove(0));
        if (!ais.matches()) {
            throw new IllegalStateException("not an AI or a range of AIs: " + line);
        }
        if (!tokens.isEmpty() && tokens.get(0).chars().allMatch(c -> FLAG_CHARACTERS.indexOf(c) >= 0)) {
            tokens.remove(0);
        }
        List<Component> components = new ArrayList<>();
        List<String> specification = new ArrayList<>();
        boolean optional = false;
        while (!tokens.isEmpty()) {
            String token = tokens.get(0);
            boolean opens = token.startsWith("[");
            String bare = token.substring(opens ? 1 : 0, token.endsWith("]") ? token.length() - 1 : token.length());
            Matcher component = COMPONENT.matcher(bare);
            if (!component.matches()) {
                break;
            }
            tokens.remove(0);
            specification.add(token);
            optional |= opens;
            boolean ranged = component.group(3) != null;
            int max = Integer.parseInt(component.group(4));
            int min = !ranged ? max : component.group(2).isEmpty() ? 1 : Integer.parseInt(component.group(2));
            List<String> linters = component.group(5).isEmpty() ? List.of()
                    : List.of(component.group(5).substring(1).split(","));
            components.add(new Component(component.group(1).charAt(0), min, max, optional, linters));
            if (token.endsWith("]")) {
                optional = false;
            }
        }
        List<List<String>> requires = List.of();
        List<List<String>> dlQualifiers = null;
        for (String attribute : tokens) {
            if (attribute.startsWith("req=")) {
                requires = Arrays.stream(attribute.substring(4).split(","))
                        .map(group -> List.of(group.split("\\+"))).toList();
            } else if (attribute.equals("dlpkey")) {
                dlQualifiers = List.of();
            } else if (attribute.startsWith("dlpkey=")) {
                dlQualifiers = Arrays.stream(attribute.substring(7).split("\\|"))
                        .map(sequence -> List.of(sequence.split(","))).toList();
            }
        }
        String from = ais.group(1);
        String to = ais.group(2) == null ? from : ais.group(2);
        List<Entry> entries = new ArrayList<>();
        for (int ai = Integer.parseInt(from); ai <= Integer.parseInt(to); ai++) {
            String name = String.format("%0" + from.length() + "d", ai);
            entries.add(new Entry(name, title, String.join(" ", specification), List.copyOf(components), requires,
                    dlQualifiers));
        }
        return entries;
    }
}
