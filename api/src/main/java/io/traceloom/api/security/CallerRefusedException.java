package io.traceloom.api.security;

import org.springframework.security.access.AccessDeniedException;

/** An authenticated caller that may not act: why, in a sentence a client can show (403). */
public class CallerRefusedException extends AccessDeniedException {

    public CallerRefusedException(String reason) {
        super(reason);
    }
}
