package io.traceloom.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.guard.BufferedRequest;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.problem.BodyTooLargeException;
import io.traceloom.api.problem.ProblemResponses;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.Uploads;
import io.traceloom.kernel.idempotency.RecordIdempotentResponse;
import io.traceloom.kernel.idempotency.RecordedResponse;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.axonframework.commandhandling.CommandExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * {@code Idempotency-Key} on every POST (draft-ietf-httpapi-idempotency-key-header): a retry with the same
 * key, by the same tenant, within 24 hours gets the first answer again (status, {@code Location},
 * {@code ETag}, body) and changes nothing; the same key with another request is 422.
 *
 * <p>Here the request is fingerprinted (method, target, content type, body: a JSON body by what it says, in
 * any member order and spacing, {@link CanonicalJson}) and the key handed to the commands it sends
 * ({@link IdempotencyMetadata}), with the fingerprint of the request's bytes too: keys claimed before bodies
 * were fingerprinted by their meaning hold that one, and a retry of theirs is known by it (every replica
 * fingerprints alike, the claim is decided in the event store). The command side claims the key together with the
 * command's change. Once the request is answered, its answer is recorded with the key, bodies up to
 * {@value #MAX_STORED_BODY} bytes (a larger body is left out: a retry gets the status and headers, and
 * reads the resource at its {@code Location}). A request that sends no command, or whose command is
 * refused or rolled back, holds no key: its retry runs again, which is safe, since nothing was done.
 *
 * <p>After authentication (Spring Security's chain runs at -100), so the caller is known while the answer
 * is recorded; after the body size limit, which bounds what is read here.
 */
@Component
@Order(0)
public class IdempotencyFilter extends OncePerRequestFilter {

    public static final String HEADER = "Idempotency-Key";
    static final int MAX_STORED_BODY = 64 * 1024;
    /** The mark of a fingerprint of a JSON body's meaning; its number is the version of the canonical form. */
    static final String MEANING = "json1:";
    /** Visible ASCII without quote and backslash, optionally quoted as a structured-field string. */
    private static final Pattern KEY = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,255}");
    private static final Logger log = LoggerFactory.getLogger(IdempotencyFilter.class);

    private final Writes writes;
    private final CurrentCaller caller;
    private final ObjectMapper json;
    private final Uploads uploads;

    public IdempotencyFilter(Writes writes, CurrentCaller caller, ObjectMapper json, Uploads uploads) {
        this.writes = writes;
        this.caller = caller;
        this.json = json;
        this.uploads = uploads;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        // An operator's token names no tenant, and an operator's commands are idempotent by themselves.
        return !"POST".equals(request.getMethod()) || request.getHeader(HEADER) == null || caller.find().isEmpty();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String key = key(request.getHeader(HEADER));
        if (key == null) {
            problem(request, response, Problems.invalid(HEADER + " must be 1 to 255 visible ASCII characters.",
                    List.of(new Problems.FieldProblem(HEADER, "must be 1 to 255 visible ASCII characters"))));
            return;
        }
        String target = request.getMethod() + " " + request.getRequestURI() + "?"
                + Objects.toString(request.getQueryString(), "") + "\n";
        MessageDigest fingerprint = sha256();
        // A multipart body's boundary is chosen anew for each attempt: its parts are what it says.
        String contentType = Uploads.isMultipart(request) ? request.getContentType().split(";", 2)[0].trim()
                : Objects.toString(request.getContentType(), "");
        fingerprint.update((target + contentType + "\n").getBytes(StandardCharsets.UTF_8));
        HttpServletRequest served = request;
        String meaning = null;
        if (Uploads.isMultipart(request)) {
            // the container parses parts from its own stream; they can be read again afterwards
            try {
                for (Part part : request.getParts()) {
                    fingerprint.update((part.getName() + "\n" + part.getSubmittedFileName() + "\n"
                            + part.getContentType() + "\n").getBytes(StandardCharsets.UTF_8));
                    try (InputStream content = part.getInputStream()) {
                        content.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), fingerprint));
                    }
                }
            } catch (IllegalStateException | IOException | ServletException unreadable) {
                problem(request, response, uploads.refusal(unreadable));
                return;
            }
        } else {
            byte[] body;
            try {
                body = request.getInputStream().readAllBytes();
            } catch (BodyTooLargeException e) {
                problem(request, response, BodyTooLargeException.problem(e.maxBytes()));
                return;
            }
            fingerprint.update(body);
            meaning = meaningOf(target, contentType, body);
            served = new BufferedRequest(request, body);
        }

        String bytes = Base64.getUrlEncoder().withoutPadding().encodeToString(fingerprint.digest());
        IdempotentRequest idempotent = meaning == null ? new IdempotentRequest(key, bytes, null)
                : new IdempotentRequest(key, meaning, bytes);
        idempotent.attachTo(request);
        ContentCachingResponseWrapper answer = new ContentCachingResponseWrapper(response);
        try {
            chain.doFilter(served, answer);
            if (idempotent.mayHoldKey()) {
                record(idempotent, answer);
            }
        } finally {
            answer.copyBodyToResponse();
        }
    }

    private void record(IdempotentRequest idempotent, ContentCachingResponseWrapper answer) {
        byte[] body = answer.getContentAsByteArray();
        RecordedResponse recorded = new RecordedResponse(answer.getStatus(), answer.getHeader(HttpHeaders.LOCATION),
                answer.getHeader(HttpHeaders.ETAG), answer.getContentType(),
                body.length <= MAX_STORED_BODY ? new String(body, StandardCharsets.UTF_8) : null);
        try {
            writes.record(new RecordIdempotentResponse(caller.get().tenantId(), idempotent.key(),
                    idempotent.attempt(), recorded));
        } catch (CommandExecutionException notHeld) {
            // the request's command was refused or rolled back: it claimed nothing, there is nothing to keep
        } catch (RuntimeException e) {
            log.warn("The answer to a request with {} could not be recorded; its retries will get 409", HEADER, e);
        }
    }

    /**
     * The fingerprint of what a JSON body says ({@link CanonicalJson}: its members in any order, any white space),
     * with the target and the media type (the charset can only be UTF-8); {@code null} when the body is not JSON.
     * Marked as such ({@value #MEANING}), so that it is never taken for a fingerprint of bytes, which keys
     * claimed before hold.
     */
    static String meaningOf(String target, String contentType, byte[] body) {
        MediaType type;
        try {
            type = MediaType.parseMediaType(contentType);
        } catch (InvalidMediaTypeException notAMediaType) {
            return null;
        }
        if (!type.isCompatibleWith(MediaType.APPLICATION_JSON) && !type.getSubtype().endsWith("+json")) {
            return null;
        }
        return CanonicalJson.of(body).map(json -> {
            MessageDigest digest = sha256();
            digest.update((target + type.getType() + "/" + type.getSubtype() + "\n" + json)
                    .getBytes(StandardCharsets.UTF_8));
            return MEANING + Base64.getUrlEncoder().withoutPadding().encodeToString(digest.digest());
        }).orElse(null);
    }

    /** The key, unquoted if sent as a structured-field string; {@code null} when it is not a valid key. */
    static String key(String header) {
        String value = header.trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        return KEY.matcher(value).matches() ? value : null;
    }

    private void problem(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
            throws IOException {
        problem.setInstance(URI.create(request.getRequestURI()));
        ProblemResponses.write(response, problem, json);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
