package io.traceloom.kernel.linkset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Every primary key and key qualifier this service accepts, valid and invalid, as the GS1 Digital Link URI
 * syntax and GS1's Syntax Dictionary have them.
 */
class DigitalLinkTest {

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource(delimiter = ' ', value = {
            "01 09506000134352",
            "01 00000000000000",
            "00 106141411234567897",
            "253 4602443000331",
            "253 4602443000331XYZ",
            "253 4602443000331ABCDEFGHIJKLMNOPQ",
            "255 9521141123454",
            "255 9521141123454123456789012",
            "401 0950600013430A1",
            "401 095060001343/-!:ABC",
            "402 95061100000000004",
            "414 9520123456788",
            "417 9520123456788",
            "8003 00950600013439",
            "8003 00950600013439ABC",
            "8004 0950600013430000001",
            "8004 0950ABC",
            "8006 095060001343520102",
            "8006 095060001343520101",
            "8010 95060001343ABC-1",
            "8010 0950#-/Z",
            "8013 1987654Ad4X4bL5ttr2310c2K",
            "8017 795260646688514634",
            "8018 795260646688514634"})
    void everyPrimaryKeyWithAValidValueIsAccepted(String ai, String value) {
        DigitalLink link = DigitalLink.of(ai + "/" + DigitalLink.encode(value), "");

        assertThat(link.primaryKey()).isEqualTo(new DigitalLink.Element(ai, value));
        assertThat(link.qualifiers()).isEmpty();
        assertThat(DigitalLink.ofPath("/" + link.key())).isEqualTo(link);
    }

    @ParameterizedTest(name = "{0}/{1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "01|09506000134353|has a wrong check digit: 09506000134353 should end in 2",
            "01|9506000134352|must be 14 digits (a GTIN is written with 14 digits: pad it with leading zeros)",
            "01|095060001343520|must be 14 digits",
            "01|0950600013435A|must be 14 digits",
            "00|106141411234567890|has a wrong check digit",
            "00|10614141123456789|must be 18 digits",
            "253|4602443000332XYZ|has a wrong check digit",
            "253|4602443000331ABCDEFGHIJKLMNOPQR|must be 13 digits, optionally followed by 1 to 17 characters",
            "253|4602443000331 X|must be 13 digits",
            "255|9521141123455|has a wrong check digit",
            "255|9521141123454A|must be 13 digits, optionally followed by 1 to 12 digits",
            "401|ABC0950600013430|must begin with a GS1 Company Prefix",
            "401|0950600013430A1234567890123456789|must be 1 to 30 characters",
            "402|95061100000000005|has a wrong check digit",
            "414|9520123456789|has a wrong check digit",
            "417|952012345678|must be 13 digits",
            "8003|10950600013439|must begin with the digit 0",
            "8003|00950600013438|has a wrong check digit",
            "8003|0095060001343|must be 1 digit, then 13 digits",
            "8004|095€|must be 1 to 30 characters",
            "8004|09X5000|must begin with a GS1 Company Prefix",
            "8006|095060001343520201|must end with a piece number and a total number of pieces",
            "8006|095060001343520001|must end with a piece number",
            "8006|095060001343520100|must end with a piece number",
            "8006|095060001343530102|has a wrong check digit",
            "8006|09506000134352|must be 14 digits, then 4 digits",
            "8010|95060001343abc|must be 1 to 30 characters of A-Z, 0-9, '#', '-' and '/'",
            "8013|1987654Ad4X4bL5ttr2310c2L|has wrong check characters: 1987654Ad4X4bL5ttr2310c2L should end in 2K",
            "8013|ABCD5Ad4X4bL5ttr2310c62|must begin with a GS1 Company Prefix",
            "8017|795260646688514635|has a wrong check digit",
            "8018|7952606466885146|must be 18 digits"})
    void everyPrimaryKeyRefusesValuesThatBreakItsRules(String ai, String value, String problem) {
        assertThatThrownBy(() -> DigitalLink.of(ai + "/" + DigitalLink.encode(value), ""))
                .isInstanceOfSatisfying(InvalidDigitalLinkException.class, e -> {
                    assertThat(e.part()).isEqualTo("identifier");
                    assertThat(e.getMessage()).startsWith("The ").contains("'" + value + "' " + problem);
                });
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = ' ', value = {
            "01/09506000134352 22/2A",
            "01/09506000134352 10/LOT1",
            "01/09506000134352 21/SERIAL-1",
            "01/09506000134352 22/2A/10/LOT1/21/S1",
            "01/09506000134352 22/2A/21/S1",
            "01/09506000134352 10/ABCDEFGHIJKLMNOPQRST",
            "01/09506000134352 10/12%2F2025",
            "01/09506000134352 235/TPX0123456789012345678901234",
            "8006/095060001343520102 10/LOT1/21/9",
            "414/9520123456788 254/WAREHOUSE-2",
            "414/9520123456788 7040/1AB2",
            "417/9520123456788 7040/1AB_",
            "8004/0950600013430000001 7040/0x!-",
            "8010/95060001343ABC-1 8011/123456789012",
            "8017/795260646688514634 8019/1234567890",
            "8018/795260646688514634 8019/1"})
    void everyKeyQualifierIsAcceptedInItsPlace(String identifier, String qualifier) {
        DigitalLink link = DigitalLink.of(identifier, qualifier);

        assertThat(link.identifier()).isEqualTo(identifier);
        assertThat(link.qualifier()).isEqualTo(qualifier);
        assertThat(DigitalLink.ofPath("/" + identifier + "/" + qualifier)).isEqualTo(link);
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            "01/09506000134352|10/LOT1/22/2A|out of order",
            "01/09506000134352|21/9/10/LOT1|out of order",
            "01/09506000134352|10/A/10/B|out of order, repeated or mixed",
            "01/09506000134352|10/LOT1/235/X|out of order, repeated or mixed",
            "01/09506000134352|235/X/21/9|out of order, repeated or mixed",
            "01/09506000134352|17/260101|17 (USE BY or EXPIRY) is not a key qualifier of 01 (GTIN); data attributes go in the query string",
            "01/09506000134352|254/X|254 (GLN EXTENSION COMPONENT) is not a key qualifier of 01 (GTIN)",
            "01/09506000134352|99999/X|'99999' is not a GS1 Application Identifier",
            "01/09506000134352|10/ABCDEFGHIJKLMNOPQRSTU|must be 1 to 20 characters",
            "01/09506000134352|10/LOT 1|must be 1 to 20 characters",
            "01/09506000134352|10/LOT#1|must be 1 to 20 characters",
            "01/09506000134352|10|must be key qualifiers as AI/value pairs",
            "01/09506000134352|235/ABCDEFGHIJKLMNOPQRSTUVWXYZ123|must be 1 to 28 characters",
            "8006/095060001343520102|22/2A|22 (CPV) is not a key qualifier of 8006 (ITIP)",
            "414/9520123456788|254/A/7040/1AB2|out of order, repeated or mixed",
            "414/9520123456788|7040/AAB2|must be 1 digit, then 1 character",
            "414/9520123456788|7040/1AB2X|must be 1 digit",
            "417/9520123456788|7040/1AB!|must end with an importer index",
            "8010/95060001343ABC-1|8011/0123|must not begin with 0",
            "8010/95060001343ABC-1|8011/1234567890123|must be 1 to 12 digits",
            "8017/795260646688514634|8019/12345678901|must be 1 to 10 digits",
            "00/106141411234567897|10/LOT1|00 (SSCC) takes no key qualifiers",
            "8013/1987654Ad4X4bL5ttr2310c2K|21/1|8013 (GMN) takes no key qualifiers"})
    void qualifiersOutOfPlaceOrWithBadValuesAreRefused(String identifier, String qualifier, String problem) {
        assertThatThrownBy(() -> DigitalLink.of(identifier, qualifier))
                .isInstanceOfSatisfying(InvalidDigitalLinkException.class, e -> {
                    assertThat(e.part()).isEqualTo("qualifier");
                    assertThat(e.getMessage()).contains(problem);
                });
    }

    @Test
    void theIdentifierIsAPrimaryKeyAlone() {
        assertThat(DigitalLink.of("/01/09506000134352", "/10/LOT1").key()).isEqualTo("01/09506000134352/10/LOT1");
        assertThat(DigitalLink.of("01/09506000134352", null).qualifier()).isEmpty();
        assertThatThrownBy(() -> DigitalLink.of("01/09506000134352/10/LOT1", ""))
                .hasMessageContaining("key qualifiers such as 10/LOT1 go in qualifier");
        assertThatThrownBy(() -> DigitalLink.of("09506000134352", "")).hasMessageContaining("AI/value");
        assertThatThrownBy(() -> DigitalLink.of("", "")).hasMessageContaining("AI/value");
        assertThatThrownBy(() -> DigitalLink.of("01//09506000134352", "")).hasMessageContaining("empty");
        assertThatThrownBy(() -> DigitalLink.of("10/LOT1", ""))
                .hasMessage("10 (BATCH/LOT) is not a GS1 Digital Link primary key; the primary keys are 01, 00, 253, "
                        + "255, 401, 402, 414, 417, 8003, 8004, 8006, 8010, 8013, 8017, 8018.");
        assertThatThrownBy(() -> DigitalLink.of("gtin/09506000134352", ""))
                .hasMessageStartingWith("'gtin' is not a GS1 Application Identifier");
        assertThatThrownBy(() -> DigitalLink.of("415/9520123456788", ""))
                .hasMessageStartingWith("415 (PAY TO) is not a GS1 Digital Link primary key");
    }

    @Test
    void valuesAreComparedDecodedAndWrittenOneWay() {
        DigitalLink encoded = DigitalLink.of("01/09506000134352", "10/%41B%2f1%2B");
        DigitalLink plain = DigitalLink.ofPath("/01/09506000134352/10/AB%2F1+");

        assertThat(encoded).isEqualTo(plain);
        assertThat(encoded.qualifiers().get(0).value()).isEqualTo("AB/1+");
        assertThat(encoded.key()).isEqualTo("01/09506000134352/10/AB%2F1+");
        assertThat(DigitalLink.of("01/09506000134352", "10/%22%25%3C%3E%3F").qualifier())
                .isEqualTo("10/%22%25%3C%3E%3F");
        assertThatThrownBy(() -> DigitalLink.ofPath("/01/09506000134352/10/A%zz"))
                .hasMessageContaining("does not start a percent-encoded byte");
        assertThatThrownBy(() -> DigitalLink.ofPath("/01/09506000134352/10/%C3%28"))
                .hasMessageContaining("does not decode to UTF-8");
    }

    @Test
    void aResolverPathMayEndWithASlashButNotHaveOddSegments() {
        assertThat(DigitalLink.ofPath("/01/09506000134352/").key()).isEqualTo("01/09506000134352");
        for (String path : List.of("/01", "/01/", "/01/09506000134352/10", "/01/09506000134352/foo", "/")) {
            assertThatThrownBy(() -> DigitalLink.ofPath(path)).as(path)
                    .isInstanceOfSatisfying(InvalidDigitalLinkException.class,
                            e -> assertThat(e.part()).isEqualTo("path"));
        }
        assertThatThrownBy(() -> DigitalLink.ofPath("/01/09506000134352//")).hasMessageContaining("empty");
    }

    @Test
    void levelsFallBackFromTheMostSpecificToThePrimaryKey() {
        assertThat(DigitalLink.ofPath("/01/09506000134352/22/2A/10/LOT1/21/9").levels())
                .extracting(DigitalLink::key)
                .containsExactly("01/09506000134352/22/2A/10/LOT1/21/9", "01/09506000134352/22/2A/10/LOT1",
                        "01/09506000134352/22/2A", "01/09506000134352");
    }

    /** The table is GS1's: every key's qualifier sequences are what the Syntax Dictionary says. */
    @Test
    void theQualifierSequencesAreTheSyntaxDictionarys() {
        Map<String, List<List<String>>> sequences = new TreeMap<>();
        DigitalLink.PRIMARY_KEYS.forEach(ai -> sequences.put(ai, SyntaxDictionary.entry(ai).orElseThrow().dlQualifiers()));

        assertThat(sequences).isEqualTo(new TreeMap<>(Map.ofEntries(
                Map.entry("01", List.of(List.of("22", "10", "21"), List.of("235"))),
                Map.entry("00", List.of()), Map.entry("253", List.of()), Map.entry("255", List.of()),
                Map.entry("401", List.of()), Map.entry("402", List.of()),
                Map.entry("414", List.of(List.of("254"), List.of("7040"))),
                Map.entry("417", List.of(List.of("7040"))),
                Map.entry("8003", List.of()), Map.entry("8004", List.of(List.of("7040"))),
                Map.entry("8006", List.of(List.of("22", "10", "21"))),
                Map.entry("8010", List.of(List.of("8011"))), Map.entry("8013", List.of()),
                Map.entry("8017", List.of(List.of("8019"))), Map.entry("8018", List.of(List.of("8019"))))));
    }

    /** A primary key GS1 adds to the dictionary is noticed: accepted here, or left out with a reason. */
    @Test
    void everyPrimaryKeyOfTheDictionaryIsAcceptedOrLeftOutOnPurpose() {
        Set<String> inDictionary = SyntaxDictionary.entries().values().stream()
                .filter(SyntaxDictionary.Entry::isPrimaryKey).map(SyntaxDictionary.Entry::ai)
                .collect(Collectors.toSet());

        assertThat(inDictionary).containsAll(DigitalLink.PRIMARY_KEYS);
        assertThat(inDictionary).containsExactlyInAnyOrderElementsOf(
                java.util.stream.Stream.concat(DigitalLink.PRIMARY_KEYS.stream(), java.util.stream.Stream.of("415"))
                        .toList());
    }

    @Test
    void checkDigitsAreGs1s() {
        assertThat(ValueSyntax.mod10("0950600013435")).isEqualTo(2);
        assertThat(ValueSyntax.mod10("10614141123456789")).isEqualTo(7);
        assertThat(ValueSyntax.checkCharacters("1987654Ad4X4bL5ttr2310c")).isEqualTo("2K");
    }

    @Test
    void theDictionaryReadsRangesFlagsOptionalComponentsAndAttributes() {
        List<SyntaxDictionary.Entry> range = SyntaxDictionary.parse(
                "3100-3105   N6                                req=01,02 ex=310n             # NET WEIGHT (kg)");
        assertThat(range).extracting(SyntaxDictionary.Entry::ai)
                .containsExactly("3100", "3101", "3102", "3103", "3104", "3105");
        assertThat(range.get(0).requires()).containsExactly(List.of("01"), List.of("02"));
        assertThat(range.get(0).isPrimaryKey()).isFalse();

        SyntaxDictionary.Entry grai = SyntaxDictionary.entry("8003").orElseThrow();
        assertThat(grai.specification()).isEqualTo("N1,zero N13,csum,gcppos1 [X..16]");
        assertThat(grai.components()).containsExactly(
                new SyntaxDictionary.Component('N', 1, 1, false, List.of("zero")),
                new SyntaxDictionary.Component('N', 13, 13, false, List.of("csum", "gcppos1")),
                new SyntaxDictionary.Component('X', 1, 16, true, List.of()));
        assertThat(grai.title()).isEqualTo("GRAI");
        assertThat(SyntaxDictionary.entry("21").orElseThrow().requires())
                .containsExactly(List.of("01"), List.of("03"), List.of("8006"));
    }
}
