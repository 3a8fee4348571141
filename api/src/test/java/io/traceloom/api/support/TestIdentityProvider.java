package io.traceloom.api.support;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An identity provider as Traceloom sees one, served by the test on 127.0.0.1: the OpenID Connect discovery
 * document at {@code <issuer>/.well-known/openid-configuration} and its JWK set, laid out as Keycloak lays out a
 * realm's. It mints RS256 tokens, and the broken ones a client might send: expired, for another issuer or
 * audience, signed by another key, unsigned ({@code alg: none}).
 */
public final class TestIdentityProvider implements AutoCloseable {

    public static final String AUDIENCE = "traceloom";
    public static final String ADMIN_SCOPE = "traceloom:admin";
    public static final String TENANT_ADMIN_SCOPE = "traceloom:tenant-admin";

    private final HttpServer server;
    private final RSAKey key;
    /** Another key under the same key id: a token signed with it carries a signature that does not verify. */
    private final RSAKey impostor;
    private final String issuer;

    public TestIdentityProvider() {
        try {
            key = new RSAKeyGenerator(2048).keyID("test-key").keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.RS256)
                    .generate();
            impostor = new RSAKeyGenerator(2048).keyID("test-key").generate();
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        issuer = "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/traceloom";
        String keys = new JWKSet(key.toPublicJWK()).toString();
        String discovery = "{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + issuer + "/protocol/openid-connect/certs\","
                + "\"id_token_signing_alg_values_supported\":[\"RS256\"],\"subject_types_supported\":[\"public\"],"
                + "\"response_types_supported\":[\"code\"]}";
        server.createContext("/realms/traceloom/.well-known/openid-configuration", exchange -> answer(exchange, discovery));
        server.createContext("/realms/traceloom/protocol/openid-connect/certs", exchange -> answer(exchange, keys));
        server.start();
    }

    private static void answer(HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    public String issuer() {
        return issuer;
    }

    /** The arguments that point Traceloom at this provider in the {@code oidc} mode, as docs/security.md shows them. */
    public List<String> arguments() {
        return List.of("--traceloom.security.mode=oidc",
                "--spring.security.oauth2.resourceserver.jwt.issuer-uri=" + issuer,
                "--spring.security.oauth2.resourceserver.jwt.audiences=" + AUDIENCE);
    }

    /** A user of a tenant: {@code sub}, {@code tenant_id}, {@code name}, {@code email}. */
    public String user(String tenant, String subject, String name, String email) {
        return token(claims(subject).claim("tenant_id", tenant).claim("name", name).claim("email", email)
                .claim("scope", "openid profile email").build());
    }

    /** A user of a tenant with the tenant-admin scope: it may delete the tenant's other users. */
    public String tenantAdmin(String tenant, String subject, String name, String email) {
        return token(claims(subject).claim("tenant_id", tenant).claim("name", name).claim("email", email)
                .claim("scope", "openid profile email " + TENANT_ADMIN_SCOPE).build());
    }

    /** An operator: the admin scope, no tenant. */
    public String operator() {
        return token(claims("operator-1").claim("scope", "openid " + ADMIN_SCOPE).build());
    }

    /** Valid claims of a subject, for a test to add to or override: issuer, audience, an hour of validity. */
    public JWTClaimsSet.Builder claims(String subject) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(issuer).subject(subject).audience(AUDIENCE)
                .issueTime(Date.from(now)).notBeforeTime(Date.from(now.minusSeconds(5)))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1))));
    }

    /** Signed with the provider's key. */
    public String token(JWTClaimsSet claims) {
        return sign(claims, key);
    }

    /** Signed with another key under the provider's key id: the signature does not verify. */
    public String forgedToken(JWTClaimsSet claims) {
        return sign(claims, impostor);
    }

    /** Not signed at all: {@code alg: none}. */
    public static String unsignedToken(JWTClaimsSet claims) {
        return new PlainJWT(claims).serialize();
    }

    private static String sign(JWTClaimsSet claims, RSAKey with) {
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID())
                    .type(JOSEObjectType.JWT).build(), claims);
            jwt.sign(new RSASSASigner(with));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The claims as a map, for a test that wants to drop one. */
    public static Map<String, Object> asMap(JWTClaimsSet claims) {
        return new LinkedHashMap<>(claims.getClaims());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
