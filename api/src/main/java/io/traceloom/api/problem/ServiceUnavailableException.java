package io.traceloom.api.problem;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** The service cannot answer yet (read models still being built after a start): 503, retry in a second. */
public class ServiceUnavailableException extends ErrorResponseException {

    public ServiceUnavailableException(String type, String detail) {
        super(HttpStatus.SERVICE_UNAVAILABLE,
                Problems.of(HttpStatus.SERVICE_UNAVAILABLE, type, "Service unavailable", detail), null);
        getHeaders().set(HttpHeaders.RETRY_AFTER, "1");
    }
}
