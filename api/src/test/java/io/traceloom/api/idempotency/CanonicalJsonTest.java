package io.traceloom.api.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** One text for each meaning of a JSON body: members in any order, any spacing, escapes; numbers as written. */
class CanonicalJsonTest {

    private static Optional<String> canonical(String json) {
        return CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8));
    }

    static Stream<Arguments> meanings() {
        return Stream.of(
                Arguments.of("{\"b\":1,\"a\":{\"d\":[3,{\"f\":null,\"e\":true}],\"c\":\"x\"}}",
                        "{\"a\":{\"c\":\"x\",\"d\":[3,{\"e\":true,\"f\":null}]},\"b\":1}"),
                Arguments.of(" { \"a\" :\t[ 1 , 2 ]\n} ", "{\"a\":[1,2]}"),
                Arguments.of("{\"\\u0041\":\"\\u00e9\\/\"}", "{\"A\":\"\u00e9/\"}"),
                Arguments.of("{\"\u00e9\":1,\"z\":2,\"Z\":3,\"\uD83D\uDE00\":4,\"\uFFFD\":5}",
                        "{\"Z\":3,\"z\":2,\"\u00e9\":1,\"\uD83D\uDE00\":4,\"\uFFFD\":5}"),
                Arguments.of("[1.0,1,1e0,1E0,-0,0.10,9223372036854775808]",
                        "[1.0,1,1e0,1E0,-0,0.10,9223372036854775808]"),
                Arguments.of("\"tab\\there\"", "\"tab\\there\""),
                Arguments.of("42", "42"));
    }

    @ParameterizedTest
    @MethodSource("meanings")
    void eachMeaningIsWrittenOneWay(String json, String expected) {
        assertThat(canonical(json)).contains(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "{\"a\":1}{}", "{\"a\":1,\"a\":1}", "[1,]", "{a:1}", "not json"})
    void whatIsNotOneJsonValueHasNoCanonicalForm(String text) {
        assertThat(canonical(text)).isEmpty();
    }

    @Test
    void arraysKeepTheirOrder() {
        assertThat(canonical("[\"a\",\"b\"]")).isNotEqualTo(canonical("[\"b\",\"a\"]"));
    }
}
