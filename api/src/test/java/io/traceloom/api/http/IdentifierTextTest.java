package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Identifiers a client chooses (tag codes, a trade item's tag, custody identifiers and consumers) are one line
 * of characters that show: a right-to-left override (U+202E) would display {@code ABC<RLO>DEF} as
 * {@code ABCFED}, a zero-width space makes two codes that look alike differ. Format (bidirectional controls,
 * zero-width characters, byte order marks, tag characters), private-use and unassigned characters are 400,
 * naming the field, the same rule for every such field.
 */
class IdentifierTextTest {

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    private static void assertRefusedNaming(Response response, String field) {
        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.json().at("/errors/0/field").asText()).as(response.body()).isEqualTo(field);
        assertThat(response.json().at("/errors/0/message").asText()).contains("format");
    }

    /** JSON escapes of U+202E RLO, U+2066 LRI, U+200B ZWSP, U+200D ZWJ, U+FEFF BOM, U+00AD, U+E0041, U+F8FF, U+0378. */
    @ParameterizedTest
    @ValueSource(strings = {"\\u202e", "\\u2066", "\\u200b", "\\u200d", "\\ufeff", "\\u00ad", "\\udb40\\udc41",
            "\\uf8ff", "\\u0378"})
    void anInvisibleOrUndefinedCharacterInAnIdentifierIsRefusedNamingTheField(String character) {
        String code = "AB" + character + "CD";
        String unique = UUID.randomUUID().toString();

        assertRefusedNaming(http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"n\"}"), "code");
        assertRefusedNaming(http.post("/partner-tags", "{\"code\":\"" + code + "\",\"name\":\"n\"}"), "code");
        assertRefusedNaming(http.post("/trade-item-tags/set", "[{\"code\":\"" + code + "\",\"name\":\"n\"}]"),
                "[0].code");
        assertRefusedNaming(http.post("/trade-items", "{\"name\":\"n\",\"tradeItemTag\":\"" + code + "\"}"),
                "tradeItemTag");
        assertRefusedNaming(http.post("/custody-commissions", "{\"identifier\":\"" + code
                + "\",\"registeredConsumers\":[\"c\"]}"), "identifier");
        assertRefusedNaming(http.post("/custody-commissions", "{\"identifier\":\"" + unique
                + "\",\"registeredConsumers\":[\"c\",\"" + code + "\"]}"), "registeredConsumers[1]");
        assertRefusedNaming(http.post("/custody-commissions/consume", "{\"identifier\":\"" + code
                + "\",\"consumedBy\":\"c\"}"), "identifier");
        assertRefusedNaming(http.post("/custody-commissions/consume", "{\"identifier\":\"" + unique
                + "\",\"consumedBy\":\"" + code + "\"}"), "consumedBy");
    }

    @Test
    void updatedConsumersFollowTheSameRule() {
        Response created = http.post("/custody-commissions", "{\"identifier\":\"" + UUID.randomUUID()
                + "\",\"registeredConsumers\":[\"c\"]}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        assertRefusedNaming(http.put("/custody-commissions/" + created.json().get("id").asText(),
                "{\"registeredConsumers\":[\"c\\u202eX\"]}"), "registeredConsumers[0]");
    }

    /** Letters of every script, combining marks, symbols and spaces inside are still identifiers. */
    @Test
    void visibleTextOfAnyScriptIsStillAnIdentifier() {
        for (String code : List.of("Ünïcödé-" + UUID.randomUUID(), "東京 " + UUID.randomUUID(),
                "e\u0301-" + UUID.randomUUID(), "ACME\u00a0" + UUID.randomUUID(), "🍎-" + UUID.randomUUID())) {
            Response created = http.post("/trade-item-tags", "{\"code\":\"" + code + "\",\"name\":\"n\"}");
            assertThat(created.status()).as(code + ": " + created.body()).isEqualTo(201);
        }
    }
}
