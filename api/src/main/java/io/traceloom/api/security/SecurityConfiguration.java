package io.traceloom.api.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.caller.CallerAdmission;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.settings.ApiProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.actuate.autoconfigure.security.servlet.EndpointRequest;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoderInitializationException;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The two security modes as one Spring Security filter chain each, chosen by {@code traceloom.security.mode}.
 * What both share: no sessions, no CSRF tokens (no cookies: a bearer token or nothing), no login or logout
 * pages, and no response headers of Spring Security's own (each answer sets what it needs: ETags and caching,
 * {@code nosniff} and a sandbox on file contents, CORS on the resolver).
 *
 * <p>{@code local}: everything is reachable; every request acts as the local tenant and user
 * ({@link CurrentCaller}), on a loopback address only ({@link LocalModeGuard}).
 *
 * <p>{@code oidc}: Spring Security's OAuth2 resource server with Spring Boot's own properties
 * ({@code spring.security.oauth2.resourceserver.jwt.issuer-uri} or {@code .jwk-set-uri}, {@code .audiences}).
 * Public endpoints ({@link Public}) and health for anyone; operators' ({@link Operator}, and the actuator's)
 * for the admin scope; every other request needs a valid token of an admitted tenant ({@link TenantAdmission}).
 * Errors of the container (an error dispatch) pass: the request was already let in or refused.
 */
@Configuration(proxyBeanMethods = false)
public class SecurityConfiguration {

    @Bean
    public EndpointAccess endpointAccess(
            @Qualifier("requestMappingHandlerMapping") ObjectProvider<RequestMappingHandlerMapping> mapping) {
        return new EndpointAccess(mapping);
    }

    /**
     * Spring Security's firewall, less what this service answers itself: an encoded slash is data on resolver
     * paths ({@code /01/.../10/A%2FB}) and refused elsewhere ({@code EncodedSlashFilter}); an encoded period is
     * decoded and the path normalized by Tomcat before anything routes it; TRACE is answered 405 with the
     * path's {@code Allow}, as every method a path does not take. Routing decides who may reach what
     * ({@link EndpointAccess}), on the same path the dispatcher routes, so none of these can lead past it.
     * A path that is not normalized ({@code /a/../b}) stays refused (400).
     */
    @Bean
    public WebSecurityCustomizer firewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowUrlEncodedSlash(true);
        // an encoded slash passed through undecoded leaves a '%' in the decoded path, as an encoded '%' does
        firewall.setAllowUrlEncodedPercent(true);
        firewall.setAllowUrlEncodedPeriod(true);
        firewall.setUnsafeAllowAnyHttpMethod(true);
        return web -> web.httpFirewall(firewall);
    }

    @Bean
    public SecurityFilterChain securityFilterChain(HttpSecurity http, ApiProperties properties,
                                                   ServerProperties server, ObjectMapper json,
                                                   CurrentCaller callers, ObjectProvider<CallerAdmission> admission,
                                                   EndpointAccess access, ObjectProvider<JwtDecoder> decoder,
                                                   Environment environment)
            throws Exception {
        ApiProperties.Security security = properties.security();
        http.csrf(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .headers(AbstractHttpConfigurer::disable)
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
        if (security.mode() == ApiProperties.Mode.LOCAL) {
            LocalModeGuard.check(security.local(), server.getAddress());
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll()).build();
        }

        if (decoder.getIfAvailable() == null) {
            throw new IllegalStateException("traceloom.security.mode=oidc needs the identity provider: set "
                    + "spring.security.oauth2.resourceserver.jwt.issuer-uri (or .jwk-set-uri)");
        }
        String adminAuthority = "SCOPE_" + security.oidc().adminScope();
        String apiDocs = environment.getProperty("springdoc.api-docs.path", "/v3/api-docs");
        String swaggerUi = environment.getProperty("springdoc.swagger-ui.path", "/swagger-ui.html")
                .replaceAll("\\.html$", "");
        SecurityProblems problems = new SecurityProblems(json, security.oidc().adminScope());
        TenantAdmission tenants = new TenantAdmission(callers, admission.getObject(), access);
        JwtDecoder configured = decoder.getObject();
        // Spring Boot's decoder reads the issuer's discovery document at the first token; out of reach, that is
        // a failure to check the token (503 to retry), not an error of the server.
        JwtDecoder tokens = token -> {
            try {
                return configured.decode(token);
            } catch (JwtDecoderInitializationException unreachable) {
                throw new JwtException("The identity provider's configuration could not be read", unreachable);
            }
        };
        return http
                .authorizeHttpRequests(requests -> requests
                        .dispatcherTypeMatchers(DispatcherType.ERROR).permitAll()
                        .requestMatchers(EndpointRequest.to(HealthEndpoint.class)).permitAll()
                        .requestMatchers(EndpointRequest.toAnyEndpoint()).hasAuthority(adminAuthority)
                        .requestMatchers(access.matching(EndpointAccess.Kind.PUBLIC)).permitAll()
                        // the API document and Swagger UI (which asks for a token to try requests with)
                        .requestMatchers(apiDocs + "/**", apiDocs + ".yaml", swaggerUi + "/**", swaggerUi + ".html")
                        .permitAll()
                        .requestMatchers(access.matching(EndpointAccess.Kind.OPERATOR)).hasAuthority(adminAuthority)
                        .anyRequest().access(tenants))
                .oauth2ResourceServer(resourceServer -> resourceServer
                        .jwt(jwt -> jwt.decoder(tokens))
                        .withObjectPostProcessor(new ObjectPostProcessor<BearerTokenAuthenticationFilter>() {
                            @Override
                            public <F extends BearerTokenAuthenticationFilter> F postProcess(F filter) {
                                filter.setAuthenticationFailureHandler(problems);
                                return filter;
                            }
                        })
                        .authenticationEntryPoint(problems)
                        .accessDeniedHandler(problems))
                .exceptionHandling(errors -> errors.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                .build();
    }
}
