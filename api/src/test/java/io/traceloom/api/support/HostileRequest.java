package io.traceloom.api.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One case of the hostile-input corpus: a request exactly as it goes on the wire (sent with {@link RawHttp},
 * so nothing is tidied on the way), and the 4xx it must be answered with. Built in one line:
 * <pre>{@code
 * json("/trade-items", "{\"name\":42}").expect(400, "name")
 * get("/trade-items?page=0").expect(400, "page")
 * request("PUT", "/trade-items").expect(405)
 * json("/trade-items", hugeBody).named("a 1 MB name").expect(413)
 * }</pre>
 * The case is named after its request unless {@link #named} gives it a shorter name. A credential sent to be
 * verified is answered as a verification, not a problem: {@link #failsVerification} says which check fails.
 *
 * @param field        a field or parameter the problem's {@code errors} must name, or {@code null}; for a
 *                     verification, the check one of its {@code errors} must be about
 * @param verification whether the answer is a failed verification ({@code {checks, warnings, errors}}, 400)
 *                     rather than a problem
 */
public record HostileRequest(String name, String method, String target, List<String> headers, byte[] body,
                             int status, String field, boolean verification) {

    public HostileRequest(String name, String method, String target, List<String> headers, byte[] body, int status,
                          String field) {
        this(name, method, target, headers, body, status, field, false);
    }

    private static final int SHOWN = 110;

    public static HostileRequest request(String method, String target) {
        return new HostileRequest(null, method, target, List.of(), new byte[0], 0, null);
    }

    public static HostileRequest get(String target) {
        return request("GET", target);
    }

    /** A POST of this text as {@code application/json}. */
    public static HostileRequest json(String path, String body) {
        return request("POST", path).header("Content-Type: application/json").body(body);
    }

    /** A POST of these bytes as {@code application/json}. */
    public static HostileRequest json(String path, byte[] body) {
        return request("POST", path).header("Content-Type: application/json").body(body);
    }

    /** A PUT of this text as {@code application/json}. */
    public static HostileRequest put(String path, String body) {
        return request("PUT", path).header("Content-Type: application/json").body(body);
    }

    /** The same request with another method: the bodies of {@code json(...)} as a PUT, say. */
    public HostileRequest sentAs(String otherMethod) {
        return new HostileRequest(name, otherMethod, target, headers, body, status, field, verification);
    }

    /** One more header line, sent as written (a line without a colon included). */
    public HostileRequest header(String line) {
        List<String> more = new ArrayList<>(headers);
        more.add(line);
        return new HostileRequest(name, method, target, List.copyOf(more), body, status, field, verification);
    }

    /** Without the header lines that start with this name. */
    public HostileRequest without(String headerName) {
        List<String> fewer = headers.stream()
                .filter(line -> !line.regionMatches(true, 0, headerName + ":", 0, headerName.length() + 1)).toList();
        return new HostileRequest(name, method, target, fewer, body, status, field, verification);
    }

    public HostileRequest body(String text) {
        return body(text.getBytes(StandardCharsets.UTF_8));
    }

    public HostileRequest body(byte[] bytes) {
        return new HostileRequest(name, method, target, headers, bytes, status, field, verification);
    }

    /** The body sent in chunks of 8 KB ({@code Transfer-Encoding: chunked}), without a declared length. */
    public HostileRequest chunked() {
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += 8192) {
            int size = Math.min(8192, body.length - at);
            chunks.writeBytes((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            chunks.write(body, at, size);
            chunks.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        chunks.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return header("Transfer-Encoding: chunked").body(chunks.toByteArray());
    }

    public HostileRequest named(String caseName) {
        return new HostileRequest(caseName, method, target, headers, body, status, field, verification);
    }

    public HostileRequest expect(int expectedStatus) {
        return new HostileRequest(name, method, target, headers, body, expectedStatus, null);
    }

    /** The status, and a field or query parameter the problem's {@code errors} must name. */
    public HostileRequest expect(int expectedStatus, String expectedField) {
        return new HostileRequest(name, method, target, headers, body, expectedStatus, expectedField);
    }

    /** Answered as a verification that fails (400), one of its {@code errors} about this check. */
    public HostileRequest failsVerification(String check) {
        return new HostileRequest(name, method, target, headers, body, 400, check, true);
    }

    /** The request line, as sent. */
    public String requestLine() {
        return method + " " + target + " HTTP/1.1";
    }

    /** What the test is called: its name, or its request in one printable line. */
    public String describe() {
        if (name != null) {
            return method + " " + shown(target, 60) + ": " + name;
        }
        StringBuilder text = new StringBuilder(method).append(' ').append(target);
        headers.stream().filter(line -> !line.equalsIgnoreCase("Content-Type: application/json"))
                .forEach(line -> text.append(" [").append(line).append(']'));
        if (body.length > 0) {
            text.append(' ').append(new String(body, StandardCharsets.UTF_8));
        }
        return shown(text.toString(), SHOWN);
    }

    private static String shown(String text, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) || c == '\ufffd') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return text.length() > max ? out + "... (" + text.length() + " chars)" : out.toString();
    }
}
