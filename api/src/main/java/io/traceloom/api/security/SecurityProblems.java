package io.traceloom.api.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.web.BearerTokenAuthenticationEntryPoint;
import org.springframework.security.oauth2.server.resource.web.access.BearerTokenAccessDeniedHandler;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * 401 and 403 as every other refusal: {@code application/problem+json}, logged in one line. Spring's bearer
 * token handlers set the status and {@code WWW-Authenticate: Bearer ...} (RFC 6750: {@code invalid_token}
 * and its description when a token was sent and refused); the body is ours.
 */
public class SecurityProblems implements AuthenticationEntryPoint, AccessDeniedHandler, AuthenticationFailureHandler {

    private final AuthenticationEntryPoint bearer = new BearerTokenAuthenticationEntryPoint();
    private final AccessDeniedHandler insufficient = new BearerTokenAccessDeniedHandler();
    private final ObjectMapper json;
    private final String adminScope;

    public SecurityProblems(ObjectMapper json, String adminScope) {
        this.json = json;
        this.adminScope = adminScope;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException refused)
            throws IOException, ServletException {
        bearer.commence(request, response, refused);
        HttpStatus status = HttpStatus.valueOf(response.getStatus());
        String detail = status == HttpStatus.BAD_REQUEST
                ? "The Authorization header is not a bearer token as RFC 6750 writes it."
                : refused instanceof OAuth2AuthenticationException
                ? "The bearer token is not valid: it is expired or not yet valid, not signed by the identity "
                        + "provider's keys, for another issuer or audience, or malformed. WWW-Authenticate says which."
                : "This endpoint needs a bearer token: Authorization: Bearer <a JWT of the identity provider>.";
        write(request, response, status, detail);
    }

    /**
     * A token that could not be checked because the identity provider could not be asked (its discovery
     * document or its keys out of reach): 503, to retry, not a 401 that would tell the client its token is bad.
     */
    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException refused) throws IOException, ServletException {
        if (refused instanceof AuthenticationServiceException) {
            response.setHeader(HttpHeaders.RETRY_AFTER, "5");
            write(request, response, HttpStatus.SERVICE_UNAVAILABLE, "The token could not be checked: the identity "
                    + "provider's configuration or keys could not be fetched. Retry shortly.");
            return;
        }
        commence(request, response, refused);
    }

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, AccessDeniedException refused)
            throws IOException, ServletException {
        if (refused instanceof CallerRefusedException callerRefused) {
            write(request, response, Problems.of(HttpStatus.FORBIDDEN, callerRefused.type(), callerRefused.title(),
                    callerRefused.getMessage()));
            return;
        }
        insufficient.handle(request, response, refused);
        write(request, response, HttpStatus.FORBIDDEN,
                "This endpoint is for operators: the token needs the scope " + adminScope + ".");
    }

    private void write(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String detail)
            throws IOException, ServletException {
        write(request, response, Problems.forStatus(status, detail));
    }

    private void write(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
            throws IOException, ServletException {
        ProblemResponses.refuse(request, response, problem, json);
    }
}
