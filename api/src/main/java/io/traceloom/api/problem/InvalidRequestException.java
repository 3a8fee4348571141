package io.traceloom.api.problem;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/** A request the API refuses before anything is sent to the command or query side. */
public class InvalidRequestException extends ErrorResponseException {

    public InvalidRequestException(String field, String message) {
        this(List.of(new Problems.FieldProblem(field, message)));
    }

    public InvalidRequestException(String detail, List<Problems.FieldProblem> errors) {
        super(HttpStatus.BAD_REQUEST, Problems.invalid(detail, errors), null);
    }

    public InvalidRequestException(List<Problems.FieldProblem> errors) {
        this(Problems.detailOf(errors), errors);
    }
}
