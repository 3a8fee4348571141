package io.traceloom.api.problem;

import io.traceloom.api.settings.ApiProperties;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;
import org.apache.tomcat.util.http.fileupload.impl.FileCountLimitExceededException;
import org.apache.tomcat.util.http.fileupload.impl.FileSizeLimitExceededException;
import org.apache.tomcat.util.http.fileupload.impl.SizeException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/**
 * The limits of multipart request bodies, in one place: the body size filter checks a declared length
 * against them, and the servlet container, which reads the parts itself, is configured with the same
 * ({@link #multipartConfig}). Whichever notices first, the answer is the same 413.
 */
public final class Uploads {

    /** Parts up to this size stay in memory while the container parses them; larger ones go to a temporary file. */
    private static final int IN_MEMORY_BYTES = 256 * 1024;

    private final long maxFileBytes;
    private final long maxRequestBytes;

    public Uploads(ApiProperties.Files files) {
        this.maxFileBytes = files.maxSize().toBytes();
        this.maxRequestBytes = files.maxRequestBytes();
    }

    public static boolean isMultipart(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    public long maxFileBytes() {
        return maxFileBytes;
    }

    public long maxRequestBytes() {
        return maxRequestBytes;
    }

    public MultipartConfigElement multipartConfig() {
        return new MultipartConfigElement("", maxFileBytes, maxRequestBytes, IN_MEMORY_BYTES);
    }

    /**
     * Why the servlet container could not read a multipart body: too large (413), too many parts, or not
     * multipart as declared (400). Tomcat says so only in the classes of its exceptions.
     */
    public ProblemDetail refusal(Throwable failure) {
        for (Throwable cause = failure; cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof FileCountLimitExceededException) {
                return Problems.forStatus(HttpStatus.BAD_REQUEST,
                        "The multipart body has more parts than this service reads; send the file alone.");
            }
            if (cause instanceof SizeException size && !(cause instanceof FileSizeLimitExceededException)
                    && size.getPermittedSize() != maxRequestBytes) {
                // the one other size Tomcat limits: a part's header section (server.tomcat.max-part-header-size)
                return Problems.forStatus(HttpStatus.BAD_REQUEST, "A part's headers are larger than the "
                        + size.getPermittedSize() + " bytes this service reads.");
            }
            if (cause instanceof SizeException || cause instanceof BodyTooLargeException) {
                return tooLarge();
            }
        }
        return malformed();
    }

    public static ProblemDetail malformed() {
        return Problems.of(HttpStatus.BAD_REQUEST, "malformed-body", "Malformed request body",
                "The request body is not multipart/form-data as its Content-Type says (RFC 7578): the boundary is "
                        + "missing or not found, or a part is cut short.");
    }

    public ProblemDetail tooLarge() {
        return Problems.of(HttpStatus.PAYLOAD_TOO_LARGE, "payload-too-large", "Payload too large",
                "A file may be at most " + maxFileBytes + " bytes (a multipart request at most " + maxRequestBytes
                        + ").");
    }
}
