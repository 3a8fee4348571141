package io.traceloom.api.security;

import org.springframework.security.access.AccessDeniedException;

/** An authenticated caller that may not act (403): the problem's type and title, and why in its detail. */
public class CallerRefusedException extends AccessDeniedException {

    private final String type;
    private final String title;

    public CallerRefusedException(String reason) {
        this("forbidden", "Forbidden", reason);
    }

    public CallerRefusedException(String type, String title, String reason) {
        super(reason);
        this.type = type;
        this.title = title;
    }

    /** The problem's type, the part after {@code urn:traceloom:problem:}. */
    public String type() {
        return type;
    }

    public String title() {
        return title;
    }
}
