package io.traceloom.api.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.linkset.DigitalLink;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ResolverRequestTest {

    private static ResolverRequest passing(String query) {
        return new ResolverRequest("https://id.example.com", DigitalLink.ofPath("/01/09506000134352"),
                List.of("/01/09506000134352"), null, query);
    }

    @Test
    void resolverPathsStartWithANumberAndNothingElseDoes() {
        assertThat(ResolverRequest.isResolverPath("/01/09506000134352")).isTrue();
        assertThat(ResolverRequest.isResolverPath("/01")).isTrue();
        assertThat(ResolverRequest.isResolverPath("/8004/x")).isTrue();
        assertThat(ResolverRequest.isResolverPath("/link-sets/01")).isFalse();
        assertThat(ResolverRequest.isResolverPath("/0a/x")).isFalse();
        assertThat(ResolverRequest.isResolverPath("/")).isFalse();
        assertThat(ResolverRequest.isResolverPath("//01")).isFalse();
    }

    @Test
    void thePassedQueryGoesBeforeAFragmentAndAfterAQueryOfTheTarget() {
        assertThat(passing("").withPassedQuery("https://x.example/p")).isEqualTo("https://x.example/p");
        assertThat(passing("a=1").withPassedQuery("https://x.example/p")).isEqualTo("https://x.example/p?a=1");
        assertThat(passing("a=1").withPassedQuery("https://x.example/p?b=2")).isEqualTo("https://x.example/p?b=2&a=1");
        assertThat(passing("a=1").withPassedQuery("https://x.example/p?")).isEqualTo("https://x.example/p?a=1");
        assertThat(passing("a=1").withPassedQuery("https://x.example/p?b=2&")).isEqualTo("https://x.example/p?b=2&a=1");
        assertThat(passing("a=1").withPassedQuery("https://x.example/p#f")).isEqualTo("https://x.example/p?a=1#f");
    }

    @Test
    void acceptIsReadLeniently() {
        assertThat(preferred("application/linkset+json")).isEqualTo("application/linkset+json");
        assertThat(preferred("Application/LinkSet+JSON; charset=utf-8")).isEqualTo("application/linkset+json");
        assertThat(preferred("application/json, application/linkset+json")).isEqualTo("application/linkset+json");
        assertThat(preferred("application/json")).isEqualTo("application/json");
        assertThat(preferred("text/html, application/json;q=0.9")).isNull();
        assertThat(preferred("application/linkset+json;q=0")).isNull();
        assertThat(preferred("application/json;q=nonsense")).isEqualTo("application/json");
        assertThat(preferred("*/*")).isNull();
        assertThat(preferred("undefined")).isNull();
        assertThat(preferred(";;,,")).isNull();
        assertThat(preferred(null)).isNull();
    }

    private static String preferred(String accept) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/01/09506000134352");
        if (accept != null) {
            request.addHeader("Accept", accept);
        }
        return ResolverRequest.preferredJson(request);
    }
}
