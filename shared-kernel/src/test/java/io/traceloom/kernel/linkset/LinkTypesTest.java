package io.traceloom.kernel.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkTypesTest {

    @Test
    void everyWayOfWritingAGs1TermIsOneIri() {
        for (String written : new String[] {"gs1:pip", "https://gs1.org/voc/pip", "https://www.gs1.org/voc/pip",
                "https://ref.gs1.org/voc/pip", "http://gs1.org/voc/pip", "http://www.gs1.org/voc/pip"}) {
            assertThat(LinkTypes.iri(written)).as(written).contains("https://gs1.org/voc/pip");
        }
        assertThat(LinkTypes.gs1Term("https://gs1.org/voc/pip")).contains("pip");
    }

    @Test
    void otherAbsoluteIrisStayAsTheyAre() {
        assertThat(LinkTypes.iri("https://test.uncefact.org/vocabulary/linkTypes/dpp"))
                .contains("https://test.uncefact.org/vocabulary/linkTypes/dpp");
        assertThat(LinkTypes.iri("urn:example:rel")).contains("urn:example:rel");
        assertThat(LinkTypes.gs1Term("https://test.uncefact.org/vocabulary/linkTypes/dpp")).isEmpty();
    }

    @Test
    void somethingThatIsNoIriHasNone() {
        assertThat(LinkTypes.iri("pip")).isEmpty();
        assertThat(LinkTypes.iri("gs1:")).isEmpty();
        assertThat(LinkTypes.iri("https://gs1.org/voc/")).contains("https://gs1.org/voc/");
        assertThat(LinkTypes.iri("/relative")).isEmpty();
        assertThat(LinkTypes.iri("")).isEmpty();
        assertThat(LinkTypes.iri(null)).isEmpty();
    }
}
