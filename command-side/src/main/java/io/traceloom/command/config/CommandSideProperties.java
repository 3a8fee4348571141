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
 */
@ConfigurationProperties("traceloom")
public record CommandSideProperties(@DefaultValue("./data") Path dataDir,
                                    @DefaultValue("http://localhost:8080") String publicBaseUrl,
                                    @DefaultValue Credentials credentials) {

    /**
     * @param masterKey base64 AES-256 key that encrypts the issuer keys at rest; blank: generated into
     *                  {@code <data-dir>/keys/master.key}
     * @param validity  default time from issuance to expiry
     */
    public record Credentials(@DefaultValue("") String masterKey,
                              @DefaultValue("365d") Duration validity) {
    }
}
