package io.traceloom.api.settings;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The API's own settings ({@code traceloom.*}; also as environment variables, e.g.
 * {@code TRACELOOM_HTTP_MAX_BODY_SIZE}). The data directory and the public base URL are the command
 * side's (see {@code CommandSideProperties}), the projections' the query side's.
 *
 * @param role       what this process runs: {@code all} (the HTTP API and the projections), {@code api} or
 *                   {@code projections} (see {@link Role}); the last two need a MongoDB and an event store that
 *                   every process shares
 * @param nodeUrl    where the other processes of a deployment reach this one's operator endpoints (its
 *                   {@code /actuator}'s base, e.g. {@code http://projections-1:9090}); blank: nowhere. A
 *                   {@code projections} process records it as the owner of the segments it claims, so that an
 *                   {@code api} process can forward a replay to it
 * @param http       limits of the HTTP interface
 * @param files      stored files
 * @param readModels how writes wait for the read models, and how many views are kept
 * @param security   who the caller is
 */
@ConfigurationProperties("traceloom")
public record ApiProperties(@DefaultValue("all") Role role,
                            @DefaultValue("") String nodeUrl,
                            @DefaultValue Http http,
                            @DefaultValue Files files,
                            @DefaultValue ReadModels readModels,
                            @DefaultValue Security security) {

    /**
     * @param maxSize larger files are refused with 413. A multipart request body (the upload) may be this much
     *                plus {@code Files#ENVELOPE} for its boundaries and part headers
     */
    public record Files(@DefaultValue("10MB") DataSize maxSize) {

        /** What a multipart body may hold besides the file: boundaries, part headers, a few small fields. */
        public static final DataSize ENVELOPE = DataSize.ofKilobytes(64);

        /** The largest multipart request body: a file of the maximum size and its envelope. */
        public long maxRequestBytes() {
            return maxSize.toBytes() + ENVELOPE.toBytes();
        }
    }

    /**
     * @param maxBodySize             larger request bodies are refused with 413
     * @param bodyTimeout             the whole request body must arrive within this time, else 408
     * @param maxSlowBodiesPerClient  request bodies one client (remote address) may have arriving at once;
     *                                the next is refused with 429. Bodies are read without holding a
     *                                thread, so slow clients cost connections, not the service
     * @param maxHeavyRequests        heavy requests (renders, schema checks and validations, credentials issued
     *                                or verified, tag sets, audit log checkpoints: work and memory that grow with
     *                                what the client sends) served at once; 0: as many as the processors, at least 2
     * @param maxWaitingHeavyRequests heavy requests that may wait for one of those places, each at most 10 s;
     *                                one more, or one that waits longer, is refused with 503 and Retry-After
     * @param maxBufferedBodies       the request bodies held in memory together, arriving or being served; one that
     *                                does not fit is refused with 503 and Retry-After. 0: an eighth of the heap
     */
    public record Http(@DefaultValue("1MB") DataSize maxBodySize,
                       @DefaultValue("10s") Duration bodyTimeout,
                       @DefaultValue("32") int maxSlowBodiesPerClient,
                       @DefaultValue("0") int maxHeavyRequests,
                       @DefaultValue("64") int maxWaitingHeavyRequests,
                       @DefaultValue("0B") DataSize maxBufferedBodies) {

        /** {@link #maxBufferedBodies} in bytes, resolved. */
        public long bufferedBodies() {
            return maxBufferedBodies.toBytes() > 0 ? maxBufferedBodies.toBytes() : Runtime.getRuntime().maxMemory() / 8;
        }

        /** {@link #maxHeavyRequests}, resolved. */
        public int heavyRequests() {
            return maxHeavyRequests > 0 ? maxHeavyRequests : Math.max(2, Runtime.getRuntime().availableProcessors());
        }
    }

    /**
     * @param awaitTimeout  how long a write waits for every projection to show it; then it answers 202 with
     *                      the resource's Location (the write is recorded all the same)
     * @param viewCacheSize how many views of single resources are kept in memory to answer reads by id while
     *                      no projection has moved ({@code ViewCache}); 0: none. Only in role {@code all}
     * @param storeCache    without a MongoDB of your own, the read models live in a file under the data
     *                      directory; this bounds the part of it kept in memory (at least 1 MB)
     * @param storeCommits  how often that file gets what changed since as one version; after a crash, the
     *                      projections repeat what came since the last one
     */
    public record ReadModels(@DefaultValue("10s") Duration awaitTimeout,
                             @DefaultValue("10000") int viewCacheSize,
                             @DefaultValue("32MB") DataSize storeCache,
                             @DefaultValue("1s") Duration storeCommits) {
    }

    /**
     * @param mode  {@code local} (the default): no token, every request acts as the one local tenant and user,
     *              on a loopback address only; {@code oidc}: every request of a tenant needs a bearer JWT of the
     *              identity provider that Spring's {@code spring.security.oauth2.resourceserver.jwt.*} name
     * @param local the tenant and user every request acts as in {@code local} mode
     * @param oidc  what the {@code oidc} mode reads from a token
     */
    public record Security(@DefaultValue("local") Mode mode, @DefaultValue Local local, @DefaultValue Oidc oidc) {
    }

    /** How callers are known. */
    public enum Mode {
        /** No token: every request acts as the configured local tenant and user. */
        LOCAL,
        /** An OAuth2 resource server: a bearer JWT names the tenant and the user. */
        OIDC
    }

    /**
     * @param tenantId    the tenant every request acts for in {@code local} mode
     * @param userId      the user every request acts as in {@code local} mode
     * @param name        that user's name
     * @param email       that user's e-mail address
     * @param allowRemote {@code local} mode refuses to start on an address other than a loopback one, since it
     *                    asks nobody who they are, unless this is {@code true}
     */
    public record Local(@DefaultValue("6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01") String tenantId,
                        @DefaultValue("0b8e4f6a-2c1d-4e3f-8a9b-7c6d5e4f3a21") String userId,
                        @DefaultValue("Local User") String name,
                        @DefaultValue("local@localhost") String email,
                        @DefaultValue("false") boolean allowRemote) {
    }

    /**
     * @param tenantClaim    the claim of a token that names the caller's tenant (the user is {@code sub}, its
     *                       name {@code name}, its e-mail address {@code email})
     * @param adminScope       the scope that makes a token an operator's: tenants, projections, replays, metrics
     * @param tenantAdminScope the scope that makes a user its tenant's admin: it may delete the tenant's other
     *                         users (any user may delete itself)
     */
    public record Oidc(@DefaultValue("tenant_id") String tenantClaim,
                       @DefaultValue("traceloom:admin") String adminScope,
                       @DefaultValue("traceloom:tenant-admin") String tenantAdminScope) {
    }
}
