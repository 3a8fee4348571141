package io.traceloom.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.web.ErrorResponseException;

class VersionsTest {

    @Test
    void anEntityTagNamesTheVersionsOfEverythingShown() {
        assertThat(Versions.etag(7)).isEqualTo("\"7\"");
        assertThat(Versions.etag(0, 12)).isEqualTo("\"0.12\"");
        assertThat(Versions.etag(0, 12)).isNotEqualTo(Versions.etag(0, 13));
    }

    @Test
    void ifMatchNamesTheCurrentTagAmongOthers() {
        assertThat(Versions.requireMatch("\"0.12\"", "\"0.12\"")).isTrue();
        assertThat(Versions.requireMatch(" \"1\", \"0.12\" ", "\"0.12\"")).isTrue();
        assertThat(Versions.requireMatch("*", "\"0.12\"")).as("* pins no version").isFalse();
    }

    @Test
    void anythingElseFailsThePrecondition() {
        for (String header : new String[] {"\"0.11\"", "\"0\"", "W/\"0.12\"", "0.12", "\"0.12", ""}) {
            assertThatThrownBy(() -> Versions.requireMatch(header, "\"0.12\"")).as(header)
                    .isInstanceOfSatisfying(ErrorResponseException.class,
                            e -> assertThat(e.getStatusCode().value()).isEqualTo(412));
        }
    }

    @Test
    void listsAreReadTagByTag() {
        assertThat(Versions.tags("\"a,b\", W/\"c\",\"d\"")).containsExactly("\"a,b\"", "\"d\"");
    }
}
