package io.traceloom.api.credential;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.security.Public;
import io.traceloom.kernel.credential.FindStatusList;
import io.traceloom.kernel.credential.SignStatusList;
import io.traceloom.kernel.credential.StatusListView;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;

/**
 * The status list credentials, public like any status list a verifier anywhere must read: it takes no
 * caller, so no answer of it depends on a tenant. Signed only when the list changed since the client's
 * copy ({@code If-None-Match}), and then once per version.
 */
@RestController
@Public
@Tag(name = "Credentials")
public class StatusListController {

    private final Queries queries;

    public StatusListController(Queries queries) {
        this.queries = queries;
    }

    @Operation(summary = "A status list credential (public)",
            description = "A W3C Bitstring Status List as a VC 2.0 credential signed by its tenant's issuer: "
                    + "`credentialSubject.encodedList` is the GZIP-compressed bitstring of 131,072 entries, multibase "
                    + "base64url; a revoked credential's bit is 1. The `ETag` changes with every revocation; "
                    + "clients revalidate (`Cache-Control: no-cache`) and get 304 while it has not changed.")
    @ApiResponse(responseCode = "200", description = "The status list credential.",
            content = @Content(schema = @Schema(type = "object")))
    @Versioned
    @GetMapping(path = FindStatusList.PATH + "{listId}", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> get(@PathVariable String listId, WebRequest request) {
        StatusListView list = queries.one(new FindStatusList(listId), StatusListView.class,
                "Status list '" + listId + "' does not exist.");
        String etag = Versions.etag(list.version());
        if (request.checkNotModified(etag)) {
            return null;
        }
        String credential = queries.get(new SignStatusList(list.tenantId(), list), String.class);
        return ResponseEntity.ok().eTag(etag).cacheControl(CacheControl.noCache()).contentType(MediaType.APPLICATION_JSON)
                .body(credential);
    }
}
