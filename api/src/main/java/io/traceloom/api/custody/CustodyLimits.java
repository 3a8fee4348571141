package io.traceloom.api.custody;

/** What a custody commission may hold: docs/limits.md says the same; change both together. */
final class CustodyLimits {

    static final int MAX_IDENTIFIER = 500;
    static final int MAX_CONSUMERS = 1000;
    static final int MAX_CONSUMER = 200;
    /** Text that is compared as sent: white space at either end would make two different values look alike. */
    static final String TRIMMED = "(?U)\\S(.*\\S)?";
    static final String TRIMMED_MESSAGE = "must not begin or end with white space";

    private CustodyLimits() {
    }
}
