package io.traceloom.api.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.util.FileSystemUtils;

/**
 * One application in the {@code oidc} mode, pointed at a {@link TestIdentityProvider}, for the test classes
 * that need tokens: started once per test JVM, as {@link SharedTraceloom} is. Tests in it use tenants and
 * subjects of their own, so they do not depend on one another.
 */
public final class SharedOidcTraceloom {

    public record Oidc(RunningTraceloom traceloom, TestIdentityProvider identityProvider) {

        /** A client without a token. */
        public Http anonymous() {
            return traceloom.http();
        }

        /** A client with an operator's token (the admin scope, no tenant). */
        public Http operator() {
            return traceloom.http().bearer(identityProvider.operator());
        }

        /**
         * Registers the tenant (as an operator) and a user of it (as itself); the user's client, with its token.
         */
        public Http registeredUser(String tenant, String subject) {
            return registered(tenant, subject, identityProvider.user(tenant, subject, "User " + subject,
                    subject + "@" + tenant + ".example"));
        }

        /** As {@link #registeredUser}, with the tenant-admin scope: it may delete the tenant's other users. */
        public Http registeredTenantAdmin(String tenant, String subject) {
            return registered(tenant, subject, identityProvider.tenantAdmin(tenant, subject, "User " + subject,
                    subject + "@" + tenant + ".example"));
        }

        private Http registered(String tenant, String subject, String token) {
            Http.Response registered = operator().put("/admin/tenants/" + tenant, "{\"name\":\"" + tenant + "\"}");
            if (registered.status() / 100 != 2) {
                throw new IllegalStateException(tenant + ": " + registered.body());
            }
            Http user = traceloom.http().bearer(token);
            Http.Response self = user.post("/auth/tenant-users", "{}");
            if (self.status() / 100 != 2) {
                throw new IllegalStateException(subject + ": " + self.body());
            }
            return user;
        }
    }

    private static Oidc instance;

    private SharedOidcTraceloom() {
    }

    public static synchronized Oidc get() {
        if (instance == null) {
            try {
                Path dataDir = Files.createTempDirectory("traceloom-oidc-test");
                TestIdentityProvider identityProvider = new TestIdentityProvider();
                RunningTraceloom traceloom = RunningTraceloom.start(dataDir,
                        identityProvider.arguments().toArray(String[]::new));
                instance = new Oidc(traceloom, identityProvider);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    traceloom.close();
                    identityProvider.close();
                    FileSystemUtils.deleteRecursively(dataDir.toFile());
                }));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }
}
