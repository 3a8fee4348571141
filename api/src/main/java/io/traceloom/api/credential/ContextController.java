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

    private static final MediaType JSON_LD = MediaType.parseMediaType("application/ld+json");

    private final Queries queries;

    public ContextController(Queries queries) {
        this.queries = queries;
    }

    @GetMapping(FindServiceContext.PATH)
    public ResponseEntity<String> traceloom() {
        return ResponseEntity.ok().contentType(JSON_LD).body(queries.get(new FindServiceContext(), String.class));
    }
}
