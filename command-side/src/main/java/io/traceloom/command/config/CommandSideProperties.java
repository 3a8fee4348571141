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
 * @param catalogues    the tenants' tag catalogues, as the command side keeps them
 */
@ConfigurationProperties("traceloom")
public record CommandSideProperties(@DefaultValue("./data") Path dataDir,
                                    @DefaultValue("http://localhost:8080") String publicBaseUrl,
                                    @DefaultValue Credentials credentials,
                                    @DefaultValue Schemas schemas,
                                    @DefaultValue Canvas canvas,
                                    @DefaultValue Catalogues catalogues) {

    @ConstructorBinding
    public CommandSideProperties {
    }

    /** The settings with everything but credentials at their defaults (for tests of other features). */
    public CommandSideProperties(Path dataDir, String publicBaseUrl, Credentials credentials) {
        this(dataDir, publicBaseUrl, credentials, Schemas.defaults(), Canvas.defaults(), Catalogues.defaults());
    }

    /**
     * @param cacheSize how many tag catalogues (one per tenant and kind) stay in memory; one that is not
     *                  is loaded from its latest snapshot on its next write. Memory grows with the tags
     *                  cached (roughly 400 bytes a tag)
     */
    public record Catalogues(@DefaultValue("500") int cacheSize) {

        public static Catalogues defaults() {
            return new Catalogues(500);
        }
    }

    /**
     * @param masterKey base64 AES-256 key that encrypts the issuer keys at rest; blank: generated into
     *                  {@code <data-dir>/keys/master.key}
     * @param validity  default time from issuance to expiry
     * @param limits    what signing or verifying one credential may cost
     * @param vcApiStatusByDefault whether a credential issued through the VC-API gets an entry in the tenant's
     *                  status list when its request does not ask for one ({@code options.credentialStatus}); the
     *                  spec's {@code POST /credentials/issue} always gives one
     */
    public record Credentials(@DefaultValue("") String masterKey,
                              @DefaultValue("365d") Duration validity,
                              @DefaultValue Limits limits,
                              @DefaultValue("false") boolean vcApiStatusByDefault) {

        @ConstructorBinding
        public Credentials {
        }

        /** With the limits at their defaults (for tests of other features). */
        public Credentials(String masterKey, Duration validity) {
            this(masterKey, validity, Limits.defaults());
        }

        /** VC-API credentials without a status entry unless asked. */
        public Credentials(String masterKey, Duration validity, Limits limits) {
            this(masterKey, validity, limits, false);
        }

    }

    /**
     * Bounds on the work one credential may cause, to issue or to verify it: JSON-LD expansion and RDF
     * canonicalization cost far more than the bytes of a request suggest (RDFC-1.0 grows factorially on
     * indistinguishable blank nodes, titanium quadratically with the values of one property). A credential
     * over any of them is refused at once, naming the limit.
     *
     * @param timeout                   the work on one credential stops at this deadline, wherever it is
     * @param maxDepth                  nesting of JSON objects and arrays, counted from the credential
     * @param maxArrayItems             items in one JSON array
     * @param maxValuesPerProperty      values of one property of one node after JSON-LD expansion, also when
     *                                  several objects with the same id contribute to it
     * @param maxBlankNodes             nodes without an IRI: objects without an id, list items
     * @param maxStatements             RDF statements the credential makes
     * @param maxLookAlikeBlankNodes    connected blank nodes that RDF canonicalization cannot tell apart by
     *                                  their own statements (objects without an id with the same properties
     *                                  and values, items of a list of equal items): telling them apart
     *                                  costs the cube of their number
     * @param maxCanonicalizationSteps  steps of RDF canonicalization (RDFC-1.0), most of them spent telling
     *                                  look-alike blank nodes apart, trying every order of equal neighbours
     */
    public record Limits(@DefaultValue("3s") Duration timeout,
                         @DefaultValue("32") int maxDepth,
                         @DefaultValue("1000") int maxArrayItems,
                         @DefaultValue("1000") int maxValuesPerProperty,
                         @DefaultValue("2000") int maxBlankNodes,
                         @DefaultValue("20000") int maxStatements,
                         @DefaultValue("128") int maxLookAlikeBlankNodes,
                         @DefaultValue("50000") int maxCanonicalizationSteps) {

        /** The defaults, for code that runs without Spring (benchmarks, tests). */
        public static Limits defaults() {
            return new Limits(Duration.ofSeconds(3), 32, 1000, 1000, 2000, 20000, 128, 50000);
        }

        /** These limits with another deadline. */
        public Limits withTimeout(Duration other) {
            return new Limits(other, maxDepth, maxArrayItems, maxValuesPerProperty, maxBlankNodes, maxStatements,
                    maxLookAlikeBlankNodes, maxCanonicalizationSteps);
        }
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
