package io.traceloom.api.credential;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.security.Public;
import io.traceloom.kernel.credential.FindServiceContext;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The service's own JSON-LD context, served at its IRI so any verifier can dereference it. */
@RestController
@Public
@Tag(name = "Credentials")
public class ContextController {

    private static final String JSON_LD_VALUE = "application/ld+json";
    private static final MediaType JSON_LD = MediaType.parseMediaType(JSON_LD_VALUE);

    private final Queries queries;

    public ContextController(Queries queries) {
        this.queries = queries;
    }

    @Operation(summary = "The service's JSON-LD context",
            description = "Gives free-form credential subject properties a vocabulary (`@vocab`); credentials name "
                    + "it by its IRI, `traceloom.public-base-url` plus this path.")
    @ApiResponse(responseCode = "200", description = "The JSON-LD context.",
            content = @Content(mediaType = "application/ld+json", schema = @Schema(type = "object")))
    /** JSON-LD, which is JSON: a client asking for either gets it, one asking for neither gets 406. */
    @GetMapping(path = FindServiceContext.PATH, produces = {JSON_LD_VALUE, MediaType.APPLICATION_JSON_VALUE})
    public ResponseEntity<String> traceloom() {
        return ResponseEntity.ok().contentType(JSON_LD).body(queries.get(new FindServiceContext(), String.class));
    }
}
