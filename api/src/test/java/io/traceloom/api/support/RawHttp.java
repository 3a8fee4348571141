package io.traceloom.api.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket, for the requests {@code java.net.http} refuses to send: a path with
 * {@code []} or a bare {@code %}, control characters in a header, a broken chunked body, a missing Host.
 * The request goes out byte for byte as given; the answer is read until the server closes the connection,
 * so every request should say {@code Connection: close} ({@link #request} adds it).
 */
public final class RawHttp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_MILLIS = 30_000;

    private final String baseUrl;
    private final String host;
    private final int port;

    /** A client of the application {@code baseUrl} names; its answers are checked as {@link Http}'s are. */
    public RawHttp(String baseUrl) {
        this.baseUrl = baseUrl;
        URI uri = URI.create(baseUrl);
        this.host = uri.getHost();
        this.port = uri.getPort();
    }

    /** One answer: status, headers as sent (names lower-cased), and the body with any chunking undone. */
    public record Response(int status, List<String[]> headers, String body) {

        public String header(String name) {
            return headers.stream().filter(h -> h[0].equals(name.toLowerCase(Locale.ROOT)))
                    .map(h -> h[1]).findFirst().orElse(null);
        }

        public String contentType() {
            return header("content-type");
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    /**
     * A request from its request line, header lines and body, with {@code Host} (unless a header line
     * names one, or {@code withoutHost}), {@code Content-Length} for a body (unless a header line sets the
     * framing) and {@code Connection: close} added.
     */
    public Response request(String requestLine, List<String> headerLines, byte[] body) {
        StringBuilder head = new StringBuilder(requestLine).append("\r\n");
        boolean framed = false;
        boolean hosted = false;
        for (String line : headerLines) {
            String lower = line.toLowerCase(Locale.ROOT);
            framed |= lower.startsWith("content-length:") || lower.startsWith("transfer-encoding:");
            hosted |= lower.startsWith("host:") || lower.equals(WITHOUT_HOST);
            if (!lower.equals(WITHOUT_HOST)) {
                head.append(line).append("\r\n");
            }
        }
        if (!hosted) {
            head.append("Host: ").append(host).append(':').append(port).append("\r\n");
        }
        if (body.length > 0 && !framed) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        bytes.writeBytes(body);
        return send(bytes.toByteArray());
    }

    /** A header line that, given to {@link #request}, means: send no Host header at all. */
    public static final String WITHOUT_HOST = "(no host)";

    /** Exactly these bytes, and the answer. */
    public Response send(byte[] request) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            try {
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
            } catch (IOException refusedMidway) {
                // a server may answer (413, 431) and close before the whole request is written: read on
            }
            Response response = parse(readAll(socket.getInputStream()));
            check(request, response);
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The answer against the API document, when the request line names a method and a path. */
    private void check(byte[] request, Response response) {
        String text = new String(request, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n");
        String[] line = (end < 0 ? text : text.substring(0, end)).split(" ");
        if (line.length == 3 && line[1].startsWith("/")) {
            Http.check(baseUrl, line[0], line[1], new ServedDocument.Answer(response.status(),
                    name -> java.util.Optional.ofNullable(response.header(name)), !response.body().isEmpty(),
                    response.body()));
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // a server that refuses may reset the connection after answering: keep what arrived
            if (out.size() == 0) {
                throw reset;
            }
        }
        return out.toByteArray();
    }

    private static Response parse(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/1.1 ") || end < 0) {
            throw new AssertionError("not an HTTP/1.1 answer: " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        List<String[]> headers = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.add(new String[] {lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).trim()});
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, end + 4, raw.length);
        boolean chunked = headers.stream().anyMatch(h -> h[0].equals("transfer-encoding")
                && h[1].equalsIgnoreCase("chunked"));
        return new Response(status, headers,
                new String(chunked ? unchunk(body) : body, StandardCharsets.UTF_8));
    }

    private static byte[] unchunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < body.length) {
            int lineEnd = indexOfCrlf(body, at);
            String sizeLine = new String(body, at, lineEnd - at, StandardCharsets.ISO_8859_1);
            int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            out.write(body, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOfCrlf(byte[] bytes, int from) {
        for (int i = from; i + 1 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        throw new AssertionError("a chunk size line without its end");
    }
}
