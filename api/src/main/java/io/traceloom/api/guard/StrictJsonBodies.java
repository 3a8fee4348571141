package io.traceloom.api.guard;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.api.problem.Problems;
import io.traceloom.api.problem.Violations;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.AbstractJackson2HttpMessageConverter;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * What every JSON request body must be, whatever the endpoint: UTF-8 (RFC 8259; a declared charset other
 * than UTF-8 is 415), and every string in it, property names included, {@link PlainText plain text}. Checked
 * here once for all bodies, typed or free-form ({@code credentialSubject}), so no endpoint can forget it.
 * Fields annotated {@link SingleLine} or {@link Identifier} are left to Bean Validation, which states their
 * stricter rule; values annotated {@link AnyJsonText} (a JSON Schema, a document to validate) may hold any
 * character JSON can, valid Unicode.
 */
@ControllerAdvice
public class StrictJsonBodies extends RequestBodyAdviceAdapter {

    private final Validator validator;

    public StrictJsonBodies(Validator validator) {
        this.validator = validator;
    }

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
                            Class<? extends HttpMessageConverter<?>> converterType) {
        return AbstractJackson2HttpMessageConverter.class.isAssignableFrom(converterType);
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage input, MethodParameter parameter, Type targetType,
                                           Class<? extends HttpMessageConverter<?>> converterType) {
        MediaType type = input.getHeaders().getContentType();
        String charset = type == null ? null : type.getParameter("charset");
        if (charset != null && !isUtf8(charset)) {
            throw new ErrorResponseException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                    Problems.forStatus(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                            "JSON request bodies are UTF-8; charset " + charset + " is not supported."), null);
        }
        byte[] body;
        try {
            body = input.getBody().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String refusal = notUtf8Json(body);
        if (refusal != null) {
            throw new ErrorResponseException(HttpStatus.BAD_REQUEST, Problems.of(HttpStatus.BAD_REQUEST,
                    "malformed-body", "Malformed request body", refusal), null);
        }
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return input.getHeaders();
            }
        };
    }

    /**
     * Why the bytes are not JSON text in UTF-8, or null. Jackson guesses an encoding from the first bytes
     * (UTF-16 and UTF-32 with or without a byte order mark) and forgives overlong UTF-8 sequences; a typed
     * body then fails on a field name, but a free-form one (a credential subject, a document to validate)
     * would be read as something the client never sent in UTF-8. A raw control byte is never JSON: outside
     * strings only tab, line feed and carriage return may appear, and inside strings they must be escaped.
     */
    static String notUtf8Json(byte[] body) {
        if (body.length >= 3 && (body[0] & 0xFF) == 0xEF && (body[1] & 0xFF) == 0xBB && (body[2] & 0xFF) == 0xBF) {
            return "The request body starts with a byte order mark, which JSON text must not (RFC 8259).";
        }
        for (int i = 0; i < body.length; i++) {
            byte b = body[i];
            if (b >= 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\r') {
                return "The request body is not valid JSON (" + position(body, i) + "): a control character (U+"
                        + String.format("%04X", (int) b) + ") must be escaped.";
            }
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CoderResult result = utf8.decode(in, CharBuffer.allocate(body.length), true);
        if (result.isError()) {
            return "The request body is not valid UTF-8 (" + position(body, in.position()) + ").";
        }
        return null;
    }

    /** "line L, column C" of the byte at {@code index}, counting characters as a client's editor would. */
    private static String position(byte[] body, int index) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < index; i++) {
            if (body[i] == '\n') {
                line++;
                column = 1;
            } else if ((body[i] & 0xC0) != 0x80) {
                column++;
            }
        }
        return "line " + line + ", column " + column;
    }


    @Override
    public Object afterBodyRead(Object body, HttpInputMessage input, MethodParameter parameter, Type targetType,
                                Class<? extends HttpMessageConverter<?>> converterType) {
        List<Violations.Finding> findings = new ArrayList<>();
        walk(body, "", parameter.hasParameterAnnotation(AnyJsonText.class), findings);
        if (findings.isEmpty()) {
            return body;
        }
        // Answer with every invalid field at once: what Bean Validation would find besides.
        if (parameter.hasParameterAnnotation(jakarta.validation.Valid.class)
                || parameter.hasParameterAnnotation(Validated.class)) {
            Set<String> found = new HashSet<>(findings.stream().map(Violations.Finding::field).toList());
            for (ConstraintViolation<Object> violation : validator.validate(body)) {
                String field = violation.getPropertyPath().toString();
                if (!found.contains(field)) {
                    findings.add(new Violations.Finding(field, violation.getConstraintDescriptor().getAnnotation()
                            .annotationType().getSimpleName(), violation.getMessage()));
                }
            }
        }
        List<FieldProblem> problems = Violations.onePerField(findings);
        throw new InvalidRequestException(problems);
    }

    private static boolean isUtf8(String charset) {
        String name = charset.trim().replace("\"", "");
        return name.equalsIgnoreCase(StandardCharsets.UTF_8.name()) || name.equalsIgnoreCase("utf8");
    }

    /** @param anyText whether the value is {@link AnyJsonText}: any character but an unpaired surrogate */
    private static void walk(Object value, String path, boolean anyText, List<Violations.Finding> findings) {
        if (value == null) {
            return;
        }
        if (value instanceof CharSequence text) {
            check(text.toString(), path, anyText, findings);
        } else if (value instanceof JsonNode node) {
            walkJson(node, path, anyText, findings);
        } else if (value instanceof Collection<?> items) {
            int index = 0;
            for (Object item : items) {
                walk(item, path + "[" + index++ + "]", anyText, findings);
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String child = child(path, String.valueOf(entry.getKey()));
                checkName(String.valueOf(entry.getKey()), child, anyText, findings);
                walk(entry.getValue(), child, anyText, findings);
            }
        } else if (value.getClass().isRecord()) {
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                if (component.isAnnotationPresent(SingleLine.class) || component.isAnnotationPresent(Identifier.class)) {
                    continue;
                }
                JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
                String name = renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
                walk(read(component, value), child(path, name),
                        anyText || component.isAnnotationPresent(AnyJsonText.class), findings);
            }
        }
    }

    private static void walkJson(JsonNode node, String path, boolean anyText, List<Violations.Finding> findings) {
        if (node.isTextual()) {
            check(node.textValue(), path, anyText, findings);
        } else if (node.isNumber() && !withinNumberRange(node.decimalValue())) {
            findings.add(new Violations.Finding(path.isEmpty() ? "(body)" : path, "NumberRange",
                    "is a number with more than " + MAX_NUMBER_DIGITS + " digits before or after its decimal "
                            + "point, more than this service keeps"));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walkJson(node.get(i), path + "[" + i + "]", anyText, findings);
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String child = child(path, field.getKey());
                checkName(field.getKey(), child, anyText, findings);
                walkJson(field.getValue(), child, anyText, findings);
            }
        }
    }

    /**
     * Numbers are read exactly (see {@code HttpConfiguration}), so whatever works with one later (a schema's
     * {@code multipleOf}, a credential's canonical form) works with the digits it has. Their count is bounded
     * by the parser (1000 characters); this bounds their magnitude, which an exponent makes grow without them:
     * {@code 1e-999999999} is eleven characters, and a remainder taken against it a billion digits.
     */
    static final int MAX_NUMBER_DIGITS = 1000;

    static boolean withinNumberRange(BigDecimal number) {
        long after = number.scale();
        long before = (long) number.precision() - number.scale();
        return after <= MAX_NUMBER_DIGITS && before <= MAX_NUMBER_DIGITS;
    }

    private static void check(String text, String path, boolean anyText, List<Violations.Finding> findings) {
        String problem = anyText ? unicodeProblem(text) : PlainText.problemWith(text, false);
        if (problem != null) {
            findings.add(new Violations.Finding(path.isEmpty() ? "(body)" : path, "PlainText", problem));
        }
    }

    private static void checkName(String name, String path, boolean anyText, List<Violations.Finding> findings) {
        String problem = anyText ? unicodeProblem(name) : PlainText.problemWith(name, true);
        if (problem != null) {
            findings.add(new Violations.Finding(path, "PlainText", "property name " + problem));
        }
    }

    /** {@link PlainText#UNICODE} when the text has an unpaired surrogate, else {@code null}. */
    private static String unicodeProblem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return PlainText.UNICODE;
            }
        }
        return null;
    }

    private static String child(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private static Object read(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }
}
