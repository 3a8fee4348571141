package io.traceloom.command.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The command side's settings. The data directory and the public base URL are declared here, in the
 * innermost module that needs them; the API reads them from this record too (its one declared use of
 * command-side code besides messages).
 *
 * @param dataDir       where the embedded default keeps everything durable: the H2 event store under
 *                      {@code events/}, issuer keys under {@code keys/}
 * @param publicBaseUrl where clients reach the service; URLs the service hands out (the JSON-LD context
 *                      named in every credential) start with it. Set it once, before issuing
 * @param credentials   issuing verifiable credentials
 * @param catalogues    the tenants' tag catalogues, as the command side keeps them
 */
@ConfigurationProperties("traceloom")
public record CommandSideProperties(@DefaultValue("./data") Path dataDir,
                                    @DefaultValue("http://localhost:8080") String publicBaseUrl,
                                    @DefaultValue Credentials credentials,
                                    @DefaultValue Catalogues catalogues) {

    /**
     * @param cacheSize how many tag catalogues (one per tenant and kind) stay in memory; one that is not
     *                  is loaded from its latest snapshot on its next write. Memory grows with the tags
     *                  cached (roughly 400 bytes a tag)
     */
    public record Catalogues(@DefaultValue("500") int cacheSize) {
    }

    /**
     * @param masterKey base64 AES-256 key that encrypts the issuer keys at rest; blank: generated into
     *                  {@code <data-dir>/keys/master.key}
     * @param validity  default time from issuance to expiry
     */
    public record Credentials(@DefaultValue("") String masterKey,
                              @DefaultValue("365d") Duration validity) {
    }
}
