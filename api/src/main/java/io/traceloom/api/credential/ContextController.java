package io.traceloom.api.credential;

import io.traceloom.command.credential.ContextDocuments;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The service's own JSON-LD context, served at its IRI so any verifier can dereference it. */
@RestController
public class ContextController {

    private static final MediaType JSON_LD = MediaType.parseMediaType("application/ld+json");

    private final ContextDocuments contexts;

    public ContextController(ContextDocuments contexts) {
        this.contexts = contexts;
    }

    @GetMapping(ContextDocuments.TRACELOOM_PATH)
    public ResponseEntity<String> traceloom() {
        return ResponseEntity.ok().contentType(JSON_LD).body(contexts.traceloomDocument().toString());
    }
}
