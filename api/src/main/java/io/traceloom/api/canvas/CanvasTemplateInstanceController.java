package io.traceloom.api.canvas;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.FindCanvasTemplateInstance;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

@RestController
@Tag(name = "Canvas templates")
@RequestMapping(path = "/canvas-template-instances", produces = MediaType.APPLICATION_JSON_VALUE)
public class CanvasTemplateInstanceController {

    /** A render never changes: its entity tag is its first and only version. */
    static final long RENDERED = 0;

    private final Queries queries;

    public CanvasTemplateInstanceController(Queries queries) {
        this.queries = queries;
    }

    @Operation(summary = "Read a render of a canvas template",
            description = "As recorded: the template and its version, the variables, the output, who rendered it.")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<CanvasTemplateInstanceResponse> get(Caller caller, @PathVariable String id, WebRequest request) {
        CanvasTemplateInstanceView instance = queries.one(new FindCanvasTemplateInstance(caller.tenantId(), id),
                CanvasTemplateInstanceView.class, "Canvas template instance '" + id + "' does not exist.");
        return Versions.ok(request, Versions.etag(RENDERED), CanvasTemplateInstanceResponse.of(instance));
    }
}
