package io.traceloom.api.http;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** A request the API refuses before anything is sent to the command or query side. */
public class InvalidRequestException extends ErrorResponseException {

    public InvalidRequestException(String field, String message) {
        super(HttpStatus.BAD_REQUEST, Problems.invalid(field + " " + message,
                List.of(new Problems.FieldProblem(field, message))), null);
    }
}
