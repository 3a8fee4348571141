package io.traceloom.api.file;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.content.ContentRange;
import io.traceloom.api.content.ContentStore;
import io.traceloom.api.content.MediaTypeDetector;
import io.traceloom.api.history.HistoryEventResponse;
import io.traceloom.api.history.ResourceHistories;
import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.http.Paged;
import io.traceloom.api.http.Versions;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.openapi.Versioned;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.api.problem.Uploads;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.kernel.file.DeleteFile;
import io.traceloom.kernel.file.FilePage;
import io.traceloom.kernel.file.FileView;
import io.traceloom.kernel.file.FindFile;
import io.traceloom.kernel.file.ListFiles;
import io.traceloom.kernel.file.RenameFile;
import io.traceloom.kernel.file.StoreFile;
import io.traceloom.kernel.message.ResourceIds;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import jakarta.validation.Valid;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

@RestController
@Tag(name = "Files", description = "Uploaded files: their bytes, and what the bytes are.")
@RequestMapping(path = "/files", produces = MediaType.APPLICATION_JSON_VALUE)
public class FileController {

    private static final Logger log = LoggerFactory.getLogger(FileController.class);
    private static final String PART = "file";
    private static final String MERGE_PATCH = "application/merge-patch+json";
    private static final Pattern UUID_SHAPED =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private final Writes writes;
    private final Queries queries;
    private final ContentStore contents;
    private final MediaTypeDetector detector;
    private final Uploads uploads;
    private final String publicBaseUrl;
    private final ResourceHistories histories;

    public FileController(Writes writes, Queries queries, ResourceHistories histories, ContentStore contents,
                          MediaTypeDetector detector, Uploads uploads, CommandSideProperties properties) {
        this.writes = writes;
        this.queries = queries;
        this.histories = histories;
        this.contents = contents;
        this.detector = detector;
        this.uploads = uploads;
        this.publicBaseUrl = properties.publicBaseUrl().replaceAll("/+$", "");
    }

    @Operation(summary = "Upload a file",
            description = "`multipart/form-data` with one part, `file`, with a file name. The media type is detected "
                    + "from the bytes; the part's `Content-Type` and the name's extension can only make it more "
                    + "precise within what the bytes show (plain text may be CSV; PNG bytes stay PNG). `key` is the "
                    + "file name without path or control characters. An empty file is 400.")
    @ApiResponse(responseCode = "201", description = "Stored: the file's metadata.")
    @ApiResponse(responseCode = "413", description = "The file is larger than `traceloom.files.max-size` (10 MB by "
            + "default).")
    @Versioned
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    public ResponseEntity<FileResponse> upload(Caller caller,
                                               @Parameter(description = "The file.") @RequestPart(PART)
                                               MultipartFile file,
                                               HttpServletRequest request, UriComponentsBuilder uri)
            throws IOException, ServletException {
        requireTheFileAlone(request);
        String key = FileNames.sanitise(file.getOriginalFilename());
        try (ContentStore.Upload upload = contents.receive(file.getInputStream(), uploads.maxFileBytes())) {
            if (upload.size() == 0) {
                throw new InvalidRequestException(PART, "must not be empty");
            }
            String mimeType;
            try (InputStream bytes = upload.open()) {
                mimeType = detector.detect(bytes, file.getContentType(), key);
            }
            String name = key.isEmpty() ? "file" + detector.extensionOf(mimeType) : key;
            String id = ResourceIds.next();
            URI location = uri.path("/files/{id}").build(id);
            upload.keepWhile(() -> writes.sendAndAwaitReadModels(
                    new StoreFile(caller.tenantId(), id, name, mimeType, upload.size(), upload.sha256()), id, location));
            FileView stored = find(caller, id);
            return ResponseEntity.created(location).eTag(Versions.etag(stored.version()))
                    .body(FileResponse.of(stored, publicBaseUrl));
        }
    }

    @Operation(summary = "Read a file's metadata")
    @Versioned
    @GetMapping("/{id}")
    public ResponseEntity<FileResponse> get(Caller caller, @PathVariable String id, AsOf asOf, WebRequest request) {
        FileView file = find(caller, id, asOf);
        return Versions.ok(request, Versions.etag(file.version()), FileResponse.of(file, publicBaseUrl));
    }

    @Operation(summary = "Read a file's history", description = ResourceHistories.DESCRIPTION)
    @Versioned
    @GetMapping("/{id}/history")
    public ResponseEntity<List<HistoryEventResponse>> history(Caller caller, @PathVariable String id, PageParams page,
                                                              WebRequest request) {
        return histories.answer("files", caller, id, page, request, "File '" + id + "' does not exist.");
    }

    @Operation(summary = "List files", description = "Oldest first.")
    @GetMapping
    public ResponseEntity<List<FileResponse>> list(Caller caller, PageParams page) {
        FilePage result = queries.page(new ListFiles(caller.tenantId(), page.page(), page.limit()), FilePage.class);
        return Paged.response(page, result.items().stream().map(file -> FileResponse.of(file, publicBaseUrl)).toList(),
                result.total());
    }

    /**
     * The bytes, as they were uploaded. Whatever they are, they are never run in this service's origin: the
     * type is the detected one, {@code nosniff} keeps browsers to it, and {@code sandbox} keeps an HTML or
     * SVG file from running script here.
     */
    @Operation(summary = "Read a file's bytes",
            description = "With the detected `Content-Type`, `Content-Disposition` naming the file, an `ETag` that is "
                    + "the bytes' SHA-256 (`If-None-Match` answers 304), `X-Content-Type-Options: nosniff` and "
                    + "`Content-Security-Policy: sandbox`. One `Range` (`bytes=first-last`, `bytes=first-`, "
                    + "`bytes=-suffix`) answers 206; several ranges, or an `If-Range` that is not the `ETag`, the whole "
                    + "content.")
    @ApiResponse(responseCode = "200", description = "The bytes.",
            headers = @Header(name = HttpHeaders.ETAG, description = "The SHA-256 of the bytes, quoted."),
            content = @Content(mediaType = MediaType.ALL_VALUE, schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "206", description = "The range asked for, with `Content-Range`.",
            content = @Content(mediaType = MediaType.ALL_VALUE, schema = @Schema(type = "string", format = "binary")))
    @ApiResponse(responseCode = "304", description = "Not modified: the `If-None-Match` ETag is the bytes'. No body.")
    @ApiResponse(responseCode = "416", description = "The range starts at or after the end; `Content-Range` gives "
            + "the size.")
    @ApiResponse(responseCode = "500", description = "The bytes are missing from the content store; they are never "
            + "replaced by others.")
    @GetMapping(path = "/{id}/content", produces = MediaType.ALL_VALUE)
    public ResponseEntity<ContentRange> content(
            Caller caller, @PathVariable String id,
            @Parameter(description = "One range of bytes, e.g. `bytes=0-99`.")
            @RequestHeader(name = HttpHeaders.RANGE, required = false) String range,
            @Parameter(description = "The `ETag` the range is for: when the content has another, the whole is sent.")
            @RequestHeader(name = HttpHeaders.IF_RANGE, required = false) String ifRange,
            @Parameter(description = "An ETag you hold; when it is still the bytes', the answer is 304.")
            @RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch,
            WebRequest request) throws IOException {
        FileView file = find(caller, id);
        String etag = "\"" + file.sha256() + "\"";
        if (request.checkNotModified(etag)) {
            return null;
        }
        ContentStore.Content content = contents.find(file.sha256(), file.size()).orElseThrow(() -> missing(file));
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(mediaType(file.mimeType()));
        // the ETag is on the answer already: checkNotModified put it there
        headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Content-Security-Policy", "sandbox");
        headers.set(HttpHeaders.CONTENT_DISPOSITION, inline(file.key()));
        ByteRange wanted = ifRange == null || ifRange.trim().equals(etag) ? ByteRange.parse(range, file.size()) : null;
        if (wanted == null) {
            return ResponseEntity.ok().headers(headers).body(ContentRange.all(content));
        }
        headers.set(HttpHeaders.CONTENT_RANGE, wanted.contentRange(file.size()));
        return ResponseEntity.status(HttpStatus.PARTIAL_CONTENT).headers(headers)
                .body(new ContentRange(content, wanted.first(), wanted.length()));
    }

    /** Honours {@code If-Match} as deleting does. Renaming to the name it has changes nothing. */
    @Operation(summary = "Rename a file", description = "The bytes stay as they are; themes using the file show the "
            + "new name.")
    @Versioned
    @PatchMapping(path = "/{id}", consumes = {MediaType.APPLICATION_JSON_VALUE, MERGE_PATCH})
    public ResponseEntity<FileResponse> rename(Caller caller, @PathVariable String id,
                                               @Valid @RequestBody RenameFileRequest body,
                                               @RequestHeader(name = HttpHeaders.IF_MATCH, required = false)
                                               String ifMatch,
                                               UriComponentsBuilder uri) {
        String problem = FileNames.problemWith(body.key());
        if (problem != null) {
            throw new InvalidRequestException("key", problem);
        }
        FileView file = find(caller, id);
        Long expected = ifMatch != null && Versions.requireMatch(ifMatch, Versions.etag(file.version()))
                ? file.version() : null;
        writes.sendAndAwaitReadModels(new RenameFile(caller.tenantId(), id, body.key(), expected), id,
                uri.path("/files/{id}").build(id));
        FileView renamed = find(caller, id);
        return ResponseEntity.ok().eTag(Versions.etag(renamed.version())).body(FileResponse.of(renamed, publicBaseUrl));
    }

    @Operation(summary = "Delete a file",
            description = "Not while it is in use (an organization theme's icon): 409. Its bytes are no longer served.")
    @ApiResponse(responseCode = "204", description = "Deleted.")
    @ApiResponse(responseCode = "409", description = "The file is in use; the problem says by what.")
    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(Caller caller, @PathVariable String id,
                                       @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                       UriComponentsBuilder uri) {
        FileView file = find(caller, id);
        Long expected = ifMatch != null && Versions.requireMatch(ifMatch, Versions.etag(file.version()))
                ? file.version() : null;
        writes.sendAndAwaitReadModels(new DeleteFile(caller.tenantId(), id, expected), id,
                uri.path("/files/{id}").build(id));
        return ResponseEntity.noContent().build();
    }

    /**
     * A file id is a UUID: anything else names no file, and is not sent on to the command side, where it could
     * name an aggregate of another kind.
     */
    private FileView find(Caller caller, String id) {
        return find(caller, id, new AsOf(null));
    }

    private FileView find(Caller caller, String id, AsOf asOf) {
        String what = "File '" + id + "'";
        if (!UUID_SHAPED.matcher(id).matches()) {
            throw new ResourceNotFoundException(what + asOf.notFound());
        }
        return queries.view(new FindFile(caller.tenantId(), id, asOf.instant()), asOf, FileView.class, what);
    }

    /** One part, {@code file}: another part is refused like an unknown JSON field, so nothing is silently lost. */
    private static void requireTheFileAlone(HttpServletRequest request) throws IOException, ServletException {
        List<FieldProblem> problems = new ArrayList<>();
        int files = 0;
        for (Part part : request.getParts()) {
            if (PART.equals(part.getName())) {
                files++;
            } else if (problems.stream().noneMatch(p -> p.field().equals(part.getName()))) {
                problems.add(new FieldProblem(String.valueOf(part.getName()), "is not a part of this request"));
            }
        }
        if (files > 1) {
            problems.add(0, new FieldProblem(PART, "must be given once"));
        }
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems);
        }
    }

    private static MediaType mediaType(String mimeType) {
        try {
            return MediaType.parseMediaType(mimeType);
        } catch (InvalidMediaTypeException unexpected) {
            return MediaType.APPLICATION_OCTET_STREAM;
        }
    }

    /** RFC 6266: the name in UTF-8 ({@code filename*}), and an ASCII stand-in for clients that know no better. */
    private static String inline(String key) {
        StringBuilder ascii = new StringBuilder();
        key.codePoints().forEach(c -> ascii.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? (char) c : '_'));
        return "inline; filename=\"" + ascii + "\"; filename*=UTF-8''"
                + UriUtils.encode(key, StandardCharsets.UTF_8);
    }

    private static ErrorResponseException missing(FileView file) {
        log.error("The bytes of file {} (SHA-256 {}, {} bytes) are missing from the content store", file.id(),
                file.sha256(), file.size());
        return new ErrorResponseException(HttpStatus.INTERNAL_SERVER_ERROR, Problems.of(HttpStatus.INTERNAL_SERVER_ERROR,
                "content-missing", "Internal server error", "The bytes of file '" + file.id() + "' are missing from "
                        + "the content store, so they are not served; the operator has been told."), null);
    }
}
