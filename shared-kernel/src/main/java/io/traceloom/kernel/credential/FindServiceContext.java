package io.traceloom.kernel.credential;

/**
 * The service's own JSON-LD context document, which every credential it issues names: answered with its
 * JSON text. It is public, like any context a verifier must be able to dereference.
 */
public record FindServiceContext() {

    /** Where the service serves it, below its public base URL; also the path part of its IRI. */
    public static final String PATH = "/contexts/traceloom/v1";
}
