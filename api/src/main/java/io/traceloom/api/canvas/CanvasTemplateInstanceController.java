package io.traceloom.api.canvas;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.kernel.canvas.CanvasTemplateInstanceView;
import io.traceloom.kernel.canvas.FindCanvasTemplateInstance;
import java.util.List;
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
    private final ResourceHistories histories;

    public CanvasTemplateInstanceController(Queries queries, ResourceHistories histories) {
        this.queries = queries;
        this.histories = histories;
    }

    @Operation(summary = "Read a render of a canvas template",
            description = "As recorded: the template and its version, the variables, the output, who rendered it.")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<CanvasTemplateInstanceResponse> get(Caller caller, @PathVariable String id, AsOf asOf,
                                                              WebRequest request) {
        CanvasTemplateInstanceView instance = queries.view(
                new FindCanvasTemplateInstance(caller.tenantId(), id, asOf.instant()), asOf,
                CanvasTemplateInstanceView.class, "Canvas template instance '" + id + "'");
        return Versions.ok(request, Versions.etag(RENDERED), CanvasTemplateInstanceResponse.of(instance));
    }

    @Operation(summary = "Read a render's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("canvas-template-instances", caller, id, page, request,
                "Canvas template instance '" + id + "' does not exist.");
    }
}
