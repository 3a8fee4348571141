package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.guard.PercentEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Paths normalised as RFC 3986 6.2.2 compares them, and nothing more. */
class PercentEncodingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/01/09506000134352|/01/09506000134352",
            "/01/%30%39506000134352|/01/09506000134352",
            "/%30%31/x/10/%4c%4F%54%2d%5f%7e|/01/x/10/LOT-_~",
            "/10/A%2fB|/10/A%2FB",
            "/10/A%2FB|/10/A%2FB",
            "/10/%c3%a9|/10/%C3%A9",
            "/10/%2e|/10/%2e",
            "/10/%2E%2e|/10/%2E%2e",
            "/10/%2E%2E%2E|/10/...",
            "/10/a%2Eb|/10/a.b",
            "/10/%zz%4|/10/%zz%4",
            "/10/%|/10/%"})
    void unreservedCharactersAreDecodedAndTheRestUpperCased(String raw, String normalized) {
        assertThat(PercentEncoding.normalizedPath(raw)).isEqualTo(normalized);
    }
}
