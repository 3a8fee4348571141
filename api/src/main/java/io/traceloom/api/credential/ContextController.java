package io.traceloom.api.credential;

import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.credential.FindServiceContext;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The service's own JSON-LD context, served at its IRI so any verifier can dereference it. */
@RestController
public class ContextController {

    private static final String JSON_LD_VALUE = "application/ld+json";
    private static final MediaType JSON_LD = MediaType.parseMediaType(JSON_LD_VALUE);

    private final Queries queries;

    public ContextController(Queries queries) {
        this.queries = queries;
    }

    /** JSON-LD, which is JSON: a client asking for either gets it, one asking for neither gets 406. */
    @GetMapping(path = FindServiceContext.PATH, produces = {JSON_LD_VALUE, MediaType.APPLICATION_JSON_VALUE})
    public ResponseEntity<String> traceloom() {
        return ResponseEntity.ok().contentType(JSON_LD).body(queries.get(new FindServiceContext(), String.class));
    }
}
