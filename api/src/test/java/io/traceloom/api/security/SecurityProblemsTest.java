package io.traceloom.api.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;

/** The answers of the refusals Spring Security makes, as problem+json; those an HTTP test cannot provoke cheaply. */
class SecurityProblemsTest {

    private final ObjectMapper json = new ObjectMapper();
    private final SecurityProblems problems = new SecurityProblems(json, "traceloom:admin");

    @Test
    void anIdentityProviderOutOfReachIs503ToRetryNot401() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();

        problems.onAuthenticationFailure(new MockHttpServletRequest("GET", "/trade-items"), response,
                new AuthenticationServiceException("Couldn't retrieve remote JWK set"));

        assertThat(response.getStatus()).isEqualTo(503);
        assertThat(response.getHeader("Retry-After")).isEqualTo("5");
        assertThat(response.getContentType()).isEqualTo("application/problem+json");
        JsonNode problem = json.readTree(response.getContentAsString());
        assertThat(problem.get("status").asInt()).isEqualTo(503);
        assertThat(problem.get("detail").asText()).contains("identity provider");
    }

    @Test
    void aTokenThatIsNotValidIs401InvalidToken() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();

        problems.onAuthenticationFailure(new MockHttpServletRequest("GET", "/trade-items"), response,
                new InvalidBearerTokenException("Jwt expired"));

        assertThat(response.getStatus()).isEqualTo(401);
        assertThat(response.getHeader("WWW-Authenticate")).startsWith("Bearer error=\"invalid_token\"");
        assertThat(json.readTree(response.getContentAsString()).get("type").asText())
                .isEqualTo("urn:traceloom:problem:unauthorized");
    }
}
