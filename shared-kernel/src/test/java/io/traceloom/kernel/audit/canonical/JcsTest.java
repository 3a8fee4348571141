package io.traceloom.kernel.audit.canonical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 8785 as its own examples show it, and ECMAScript's numbers as Node writes them. */
class JcsTest {

    /** RFC 8785 §3.2.2 (the example of §3.2.4): numbers, escapes and literals. */
    @Test
    void theRfcsExampleIsWrittenAsTheRfcShowsIt() {
        String input = "{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n"
                + "  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n"
                + "  \"literals\": [null, true, false]\n}";

        assertThat(Jcs.canonicalize(input)).isEqualTo("{\"literals\":[null,true,false],"
                + "\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    }

    /** RFC 8785 §3.2.3: members sorted by the UTF-16 code units of their names (an emoji is two). */
    @Test
    void membersAreSortedByUtf16CodeUnits() {
        String input = "{\"\\u20ac\":\"Euro Sign\",\"\\r\":\"Carriage Return\",\"\\ufb33\":\"Hebrew Letter Dalet With "
                + "Dagesh\",\"1\":\"One\",\"\\ud83d\\ude00\":\"Emoji: Grinning Face\",\"\\u0080\":\"Control\","
                + "\"\\u00f6\":\"Latin Small Letter O With Diaeresis\"}";

        Map<?, ?> sorted = (Map<?, ?>) Jcs.parse(Jcs.canonicalize(input));

        assertThat(new ArrayList<Object>(sorted.keySet())).containsExactly("\r", "1", "\u0080", "\u00f6", "\u20ac",
                "\ud83d\ude00", "\ufb33");
    }

    /** RFC 8785 Appendix B: IEEE 754 doubles (by their bits) and how ECMAScript writes them. */
    @ParameterizedTest
    @CsvSource({
            "0000000000000000, 0", "8000000000000000, 0", "0000000000000001, 5e-324", "8000000000000001, -5e-324",
            "7fefffffffffffff, 1.7976931348623157e+308", "ffefffffffffffff, -1.7976931348623157e+308",
            "4340000000000000, 9007199254740992", "c340000000000000, -9007199254740992",
            "4430000000000000, 295147905179352830000", "44b52d02c7e14af5, 9.999999999999997e+22",
            "44b52d02c7e14af6, 1e+23", "44b52d02c7e14af7, 1.0000000000000001e+23",
            "444b1ae4d6e2ef4e, 999999999999999700000", "444b1ae4d6e2ef4f, 999999999999999900000",
            "444b1ae4d6e2ef50, 1e+21", "3eb0c6f7a0b5ed8c, 9.999999999999997e-7", "3eb0c6f7a0b5ed8d, 0.000001",
            "41b3de4355555553, 333333333.3333332", "41b3de4355555554, 333333333.33333325",
            "41b3de4355555555, 333333333.3333333", "41b3de4355555556, 333333333.3333334",
            "41b3de4355555557, 333333333.33333343", "becbf647612f3696, -0.0000033333333333333333",
            "43143ff3c1cb0959, 1424953923781206.2"})
    void numbersAreWrittenAsTheRfcsSamples(String bits, String expected) {
        assertThat(Jcs.number(Double.longBitsToDouble(HexFormat.fromHexDigitsToLong(bits)))).isEqualTo(expected);
    }

    /**
     * Doubles of random bits, powers of two (where the doubles around are unevenly spaced) and everyday values,
     * each with what Node's {@code String(number)} wrote for it (the file says how it was made).
     */
    @Test
    void numbersAreWrittenAsEcmaScriptWritesThem() throws IOException {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                JcsTest.class.getResourceAsStream("ecmascript-numbers.txt"), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String[] parts = line.split(" ");
                double value = Double.longBitsToDouble(HexFormat.fromHexDigitsToLong(parts[0]));
                String written = Jcs.number(value);
                if (!written.equals(parts[1])) {
                    wrong.add(parts[0] + ": " + written + " instead of " + parts[1]);
                }
                assertThat(Jcs.canonicalize("[" + parts[1] + "]")).isEqualTo("[" + parts[1] + "]");
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(1500);
        assertThat(wrong).isEmpty();
    }

    @Test
    void stringsKeepEverythingButWhatJsonMustEscape() {
        assertThat(Jcs.write("\u007f \u2028 é \ud83d\ude00 \u0001\u001f \"\\/"))
                .isEqualTo("\"\u007f \u2028 é \ud83d\ude00 \\u0001\\u001f \\\"\\\\/\"");
    }

    @Test
    void composedValuesAreWrittenLikeParsedOnes() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("b", List.of(1L, 2.5, true));
        entry.put("a", null);
        entry.put("c", Map.of("z", "x"));

        assertThat(Jcs.write(entry)).isEqualTo("{\"a\":null,\"b\":[1,2.5,true],\"c\":{\"z\":\"x\"}}")
                .isEqualTo(Jcs.canonicalize(" { \"c\" : {\"z\":\"x\"}, \"b\":[1.0, 25e-1, true], \"a\": null } "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"a\":2}", "{\"a\":\"\\ud800\"}", "[\"\\udc00x\"]", "1e400", "[01]", "[1.]",
            "[.5]", "[1,]", "{\"a\":1,}", "[\"\t\"]", "{a:1}", "[1] x", "", "[NaN]", "[\"\\x\"]", "[\"\\u12\"]",
            "tru", "{\"a\" 1}", "[1 2]"})
    void whatIsNotIJsonIsRefused(String text) {
        assertThatThrownBy(() -> Jcs.canonicalize(text)).isInstanceOf(InvalidJsonException.class);
    }

    @Test
    void nestingBeyondTheLimitIsRefusedWithoutOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);

        assertThatThrownBy(() -> Jcs.canonicalize(deep)).isInstanceOf(InvalidJsonException.class)
                .hasMessageContaining("nested deeper");
        assertThat(Jcs.canonicalize("[".repeat(Jcs.MAX_DEPTH) + "]".repeat(Jcs.MAX_DEPTH)))
                .isEqualTo("[".repeat(Jcs.MAX_DEPTH) + "]".repeat(Jcs.MAX_DEPTH));
    }

    @Test
    void aLoneSurrogateComposedInJavaHasNoCanonicalForm() {
        assertThatThrownBy(() -> Jcs.write("\ud800")).isInstanceOf(InvalidJsonException.class);
        assertThatThrownBy(() -> Jcs.write(Double.NaN)).isInstanceOf(InvalidJsonException.class);
    }
}
