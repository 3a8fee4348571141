package io.traceloom.api.problem;

import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** The resource does not exist for the caller's tenant (another tenant's resources do not exist either). */
public class ResourceNotFoundException extends ErrorResponseException {

    public ResourceNotFoundException(String detail) {
        super(HttpStatus.NOT_FOUND, Problems.of(HttpStatus.NOT_FOUND, "not-found", "Not found", detail), null);
    }
}
