package io.traceloom.command.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

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
 * @param schemas       storing JSON Schemas and validating with them
 * @param canvas        rendering canvas templates
 */
@ConfigurationProperties("traceloom")
public record CommandSideProperties(@DefaultValue("./data") Path dataDir,
                                    @DefaultValue("http://localhost:8080") String publicBaseUrl,
                                    @DefaultValue Credentials credentials,
                                    @DefaultValue Schemas schemas,
                                    @DefaultValue Canvas canvas) {

    @ConstructorBinding
    public CommandSideProperties {
    }

    /** The settings with schemas and canvas templates at their defaults (for tests of other features). */
    public CommandSideProperties(Path dataDir, String publicBaseUrl, Credentials credentials) {
        this(dataDir, publicBaseUrl, credentials, Schemas.defaults(), Canvas.defaults());
    }

    /**
     * @param masterKey base64 AES-256 key that encrypts the issuer keys at rest; blank: generated into
     *                  {@code <data-dir>/keys/master.key}
     * @param validity  default time from issuance to expiry
     */
    public record Credentials(@DefaultValue("") String masterKey,
                              @DefaultValue("365d") Duration validity) {
    }

    /**
     * @param maxSize           the largest schema, as JSON text in UTF-8 (stored or inline in a canvas template)
     * @param validationTimeout how long one validation against a schema may take (a catastrophic pattern, a
     *                          combinatorial schema); then it is refused as over the limit
     */
    public record Schemas(@DefaultValue("256KB") DataSize maxSize,
                          @DefaultValue("1s") Duration validationTimeout) {

        public static Schemas defaults() {
            return new Schemas(DataSize.ofKilobytes(256), Duration.ofSeconds(1));
        }
    }

    /**
     * @param maxOutput     the largest rendered output, in UTF-8; a render that would exceed it is refused
     * @param renderTimeout how long one render may take; then it is refused
     */
    public record Canvas(@DefaultValue("1MB") DataSize maxOutput,
                         @DefaultValue("2s") Duration renderTimeout) {

        public static Canvas defaults() {
            return new Canvas(DataSize.ofMegabytes(1), Duration.ofSeconds(2));
        }
    }
}
