package io.traceloom.kernel.linkset;

/**
 * A GS1 Digital Link that does not follow the GS1 Digital Link URI syntax (an unknown key, a wrong check
 * digit, qualifiers out of order, ...).
 */
public class InvalidDigitalLinkException extends IllegalArgumentException {

    private final String part;

    /**
     * @param part    which part of the request is wrong: {@code identifier} or {@code qualifier} of a link set,
     *                or {@code path} of a resolver request
     * @param message a sentence a client can show
     */
    public InvalidDigitalLinkException(String part, String message) {
        super(message);
        this.part = part;
    }

    public String part() {
        return part;
    }
}
